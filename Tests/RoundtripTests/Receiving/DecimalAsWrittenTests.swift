import Foundation
import Roundtrip
import RoundtripYAML
import Testing

/// A `decimal` is reported as written: `10.00` stays `10.00` (a payment amount keeps its scale),
/// while the typed value is the number itself.
@Suite("decimal: reported as written")
struct DecimalAsWrittenTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Pay, schemes: [pay]}
        actions:
          charge:
            url: pay://charge
            convention: none
            parameters:
              amount: {type: decimal, required: true, minimum: 0}
              tip: {type: decimal}
              note: {type: string}
              fee: {type: decimal, allow-empty: true}
              splits: {type: decimal, list: comma}
        """

    static func decide(_ query: String) throws -> AcceptedRequest {
        try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec).evaluate("pay://charge?" + query)
    }

    @Test(arguments: [
        ("amount=10.00", "10.00"),
        ("amount=10.50", "10.50"),
        ("amount=10", "10"),
        ("amount=10.5", "10.5"),
        ("amount=0.10", "0.10"),
        ("amount=0", "0"),
        ("amount=007", "007"),
        ("amount=1.0", "1.0"),
        // Percent-encoded, the decoded text is the one written.
        ("amount=12%2E00", "12.00"),
        ("amount=123456789012345678901234.500", "123456789012345678901234.500"),
    ])
    func theAmountIsReportedAsWritten(query: String, written: String) throws {
        let request = try Self.decide(query)
        #expect(request.canonicalParameters["amount"] == written)
        #expect(request.canonicalValues["amount"] == .text(written))
        // The typed value is the number, whatever its scale.
        #expect(request.value(of: "amount") == .decimal(Decimal(string: written)!))
    }

    @Test(arguments: [
        "amount=5.00&tip=0.50&note=10.00",
        // Percent-decoded values among values read in place, in either order.
        "amount=5%2E00&tip=0.50&note=10%2E00",
        "tip=0.50&amount=5%2E00&note=10.00",
    ])
    func everyDecimalKeepsItsOwnText(query: String) throws {
        let request = try Self.decide(query)
        #expect(request.canonicalParameters == ["amount": "5.00", "tip": "0.50", "note": "10.00"])
        #expect(request.canonicalValues["tip"] == .text("0.50"))
    }

    /// Only a single decimal keeps its text: the empty value `allow-empty` lets through stays
    /// empty, and a list reports its items as numbers.
    @Test func anEmptyValueAndAListAreNotKeptAsWritten() throws {
        let request = try Self.decide("amount=1.50&fee=&splits=1.50,2.00")
        #expect(request.value(of: "fee") == .empty)
        #expect(request.canonicalParameters["fee"] == ParameterValue.empty.canonical)
        #expect(request.canonicalParameters["splits"] == request.value(of: "splits")?.canonical)
        #expect(request.canonicalParameters["amount"] == "1.50")
    }

    @Test(arguments: ["amount=-0", "amount=-0.00"])
    func aNegativeZeroIsReportedAsWritten(query: String) throws {
        let request = try Self.decide(query)
        #expect(request.canonicalParameters["amount"] == String(query.dropFirst("amount=".count)))
    }

    /// Every place a value can come from keeps the scale, not the query alone: a route
    /// placeholder, a placeholder split out of a segment, a path parameter, the whole query of a
    /// `query-value` action and the fragment.
    static let placesYAML = """
        roundtrip: 1
        app: {name: Pay, schemes: [pay]}
        actions:
          segment:
            url: pay://segment/:amount
            convention: none
            parameters:
              amount: {type: decimal}
          split:
            url: pay://split/:amount@:currency
            convention: none
            parameters:
              amount: {type: decimal}
          pair:
            url: pay://pair/:to
            convention: none
            path-parameters:
              amount: {type: decimal}
          whole:
            url: pay://whole
            convention: none
            query-value: {name: amount, type: decimal}
          fragment:
            url: pay://fragment
            convention: none
            fragment: {name: amount, type: decimal}
        """

    @Test(arguments: [
        ("pay://segment/10.00", "10.00"),
        ("pay://split/10.50@EUR", "10.50"),
        ("pay://pair/shop;amount=6.500", "6.500"),
        ("pay://whole?12.00", "12.00"),
        ("pay://fragment#0.10", "0.10"),
        ("pay://segment/10", "10"),
    ])
    func everyPlaceKeepsTheScale(url: String, written: String) throws {
        let request = try Endpoint(spec: try SpecLoader.load(yaml: Self.placesYAML).spec).evaluate(url)
        #expect(request.canonicalParameters["amount"] == written)
        #expect(request.value(of: "amount") == .decimal(Decimal(string: written)!))
    }
}
