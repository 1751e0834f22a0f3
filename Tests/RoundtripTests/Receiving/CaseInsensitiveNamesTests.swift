import Roundtrip
import RoundtripYAML
import Testing

/// `names: case-insensitive` (top level or action): a query name finds its declared parameter
/// in any ASCII letter case and is reported under the declared name; the same name given twice
/// in two cases is `duplicate-parameter`, found by one hash per name, never by comparing every
/// pair.
@Suite("names: case-insensitive")
struct CaseInsensitiveNamesTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Till, schemes: [till]}
        names: case-insensitive
        actions:
          pay:
            url: till://pay
            convention: none
            ignore-parameters: [utm-*]
            parameters:
              bc: {type: string}
              amount: {type: decimal}
          open:
            url: till://open
            convention: none
            unknown-parameters: accept
            forbid-parameters: [Req-*]
            parameters: {Ref: {}}
          exact:
            url: till://exact
            convention: none
            names: exact
            parameters: {bc: {}}
        """

    static func decide(_ url: String) throws -> Result<[String: CanonicalValue], RoundtripError> {
        TestSpecs.decide(try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec), url)
    }

    @Test(arguments: [
        ("till://pay?BC=1&Amount=10.00", ["bc": CanonicalValue.text("1"), "amount": .text("10.00")]),
        ("till://pay?bc=1", ["bc": .text("1")]),
        ("till://pay?bC=%41", ["bc": .text("A")]),
        ("till://pay?bc=1&UTM-source=a&utm-Source=b", ["bc": .text("1")]),
        ("till://open?REF=7&Note=x", ["Ref": .text("7"), "Note": .text("x")]),
        ("till://exact?bc=1", ["bc": .text("1")]),
    ])
    func aNameMatchesInAnyCase(url: String, values: [String: CanonicalValue]) throws {
        #expect(try Self.decide(url).get() == values)
    }

    @Test(arguments: [
        (
            "till://pay?bc=1&BC=2", "bc", "appears more than once (the action's names match in any letter case)",
            RoundtripError.Code.duplicateParameter
        ),
        ("till://pay?Amount=1&amount=2", "amount", "appears more than once", .duplicateParameter),
        ("till://open?Note=1&NOTE=2", "NOTE", "appears more than once", .duplicateParameter),
        ("till://open?req-id=1", "req-id", "forbids the parameter 'req-id'", .unknownParameter),
        ("till://pay?bcx=1", "bcx", "does not take a parameter 'bcx'", .unknownParameter),
        ("till://exact?BC=1", "BC", "does not take a parameter 'BC'", .unknownParameter),
    ])
    func twoCasesOfOneNameAreOneName(url: String, parameter: String, message: String, code: RoundtripError.Code) throws {
        TestSpecs.expectRefusal(try Self.decide(url), code, parameter: parameter, message: message)
    }

    @Test(arguments: [
        (
            "names: case-insensitive\n    parameters: {bc: {}, BC: {}}", "duplicate-value",
            "'bc' and 'BC' are one name under 'names: case-insensitive'"
        ),
        ("names: any", "invalid-value", "'any' is not one of exact, case-insensitive"),
    ])
    func aSpecThatCannotMeanWhatItSaysIsRefused(lines: String, code: String, message: String) {
        let yaml = """
            roundtrip: 1
            app: {name: Till, schemes: [till]}
            actions:
              pay:
                url: till://pay
                convention: none
                \(lines)
            """
        #expect(TestSpecs.loadFails(yaml, code: code, message: message))
    }

    @Test("without names: the same spellings in two cases stay two parameters")
    func exactNamesStayApart() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Till, schemes: [till]}
            actions:
              pay:
                url: till://pay
                convention: none
                parameters: {bc: {}, BC: {}}
            """
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        #expect(try endpoint.evaluate("till://pay?bc=1&BC=2").canonicalValues == ["bc": .text("1"), "BC": .text("2")])
    }

    /// The duplicate check hashes each name once: its steps are the names' bytes, for many
    /// names in every case, however many there are.
    @Test(arguments: [10, 1_000, 20_000])
    func findingARepeatedNameIsLinear(count: Int) {
        let names = (0..<count).map { "Name\($0)" } + ["NAME\(count - 1)"]
        var steps = 0
        #expect(NameMatching.firstRepeated(names, steps: &steps) == "NAME\(count - 1)")
        #expect(steps == names.reduce(0) { $0 + $1.utf8.count })
    }

    @Test("the most names a URL may carry, in mixed case, are decided")
    func manyNamesAreDecided() throws {
        let query = (0..<255).map { "N\($0)x=\($0)" }.joined(separator: "&")
        let values = try Self.decide("till://open?" + query).get()
        #expect(values.count == 255)
        TestSpecs.expectRefusal(
            try Self.decide("till://open?" + query + "&n254X=1"),
            .duplicateParameter,
            parameter: "n254X",
            message: "more than once"
        )
    }
}
