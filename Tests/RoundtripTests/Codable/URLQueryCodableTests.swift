import Foundation
import PropertyBased
import Roundtrip
import RoundtripTestSupport
import Testing

@Suite("URLQueryDecoder and URLQueryEncoder")
struct URLQueryCodableTests {
    enum Currency: String, Codable, Equatable {
        case usd = "USD"
        case eur = "EUR"
    }

    struct Charge: Codable, Equatable {
        var amount: Decimal
        var currency: Currency
        var invoiceNumber: String?
        var quantity: Int
        var express: Bool
        var id: UUID
        var callback: URL
        var due: Date
    }

    static let charge = Charge(
        amount: Decimal(string: "12.5")!,
        currency: .eur,
        invoiceNumber: "INV-1",
        quantity: 3,
        express: true,
        id: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!,
        callback: URL(string: "pos://done?x=1")!,
        due: Date(timeIntervalSince1970: 1_800_000_000)
    )

    @Test func encodesInDeclarationOrderAndDecodesBack() throws {
        let items = try URLQueryEncoder().encode(Self.charge)
        #expect(items.map(\.name) == ["amount", "currency", "invoiceNumber", "quantity", "express", "id", "callback", "due"])
        #expect(
            QueryCodec.encode(items)
                == "amount=12.5&currency=EUR&invoiceNumber=INV-1&quantity=3&express=true&id=6f9619ff-8b86-d011-b42d-00c04fc964ff&callback=pos%3A%2F%2Fdone%3Fx%3D1&due=2027-01-15T08%3A00%3A00Z"
        )
        #expect(try URLQueryDecoder().decode(Charge.self, from: items) == Self.charge)
    }

    @Test func nilOptionalsAreOmitted() throws {
        var charge = Self.charge
        charge.invoiceNumber = nil
        let items = try URLQueryEncoder().encode(charge)
        #expect(!items.contains { $0.name == "invoiceNumber" })
        #expect(try URLQueryDecoder().decode(Charge.self, from: items) == charge)
    }

    @Test func unknownParametersAreRejectedUnlessAllowed() throws {
        var items = try URLQueryEncoder().encode(Self.charge)
        items.append(QueryItem(name: "admin", value: "true"))
        let error = rejection { try URLQueryDecoder().decode(Charge.self, from: items) }
        #expect(error?.code == .unknownParameter)
        #expect(error?.parameter == "admin")
        #expect(try URLQueryDecoder(rejectsUnknownParameters: false).decode(Charge.self, from: items) == Self.charge)
    }

    @Test(arguments: [
        ("quantity", "3.5", RoundtripError.Code.invalidParameter),
        ("quantity", "99999999999999999999", .invalidParameter),
        ("express", "yes", .invalidParameter),
        ("currency", "JPY", .invalidParameter),
        ("id", "x", .invalidParameter),
        ("amount", "1e3", .invalidParameter),
        ("due", "tomorrow", .invalidParameter),
    ])
    func invalidValuesNameTheParameter(name: String, value: String, code: RoundtripError.Code) throws {
        var items = try URLQueryEncoder().encode(Self.charge)
        items[items.firstIndex { $0.name == name }!].value = value
        let error = rejection { try URLQueryDecoder().decode(Charge.self, from: items) }
        #expect(error?.code == code, "\(String(describing: error))")
    }

    @Test func missingRequiredParameter() throws {
        let items = try URLQueryEncoder().encode(Self.charge).filter { $0.name != "quantity" }
        let error = rejection { try URLQueryDecoder().decode(Charge.self, from: items) }
        #expect(error?.code == .missingParameter)
        #expect(error?.parameter == "quantity")
    }

    @Test func nestedValuesAreRejected() throws {
        struct Outer: Codable { var inner: Charge }
        struct Listed: Codable { var tags: [String] }
        #expect(rejection { try URLQueryEncoder().encode(Outer(inner: Self.charge)) }?.code == .invalidParameter)
        // A list is one item per element; only a declared list parameter decodes back into one.
        #expect(
            try URLQueryEncoder().encode(Listed(tags: ["a", "b"])) == [QueryItem(name: "tags", value: "a"), QueryItem(name: "tags", value: "b")]
        )
        #expect(rejection { try URLQueryDecoder().decode(Listed.self, from: ["tags": "a"]) }?.code == .invalidParameter)
    }

    @Test func acceptedRequestsDecodeDatesInTheirOwnFormat() throws {
        struct Task: Decodable {
            var task: String
            var due: Date
        }
        let request = try TestSpecs.endpoint("terminal").evaluate("todolist://www.acme.com?Quarterly%20Report#200806231300")
        let task = try request.decode(Task.self)
        #expect(task.task == "Quarterly Report")
        #expect(task.due == Date(timeIntervalSince1970: 1_214_226_000))
    }

    struct Flat: Codable, Equatable {
        var text: String
        var number: Int64
        var flag: Bool
        var optional: String?
    }

    @Test("encode → decode is the identity for arbitrary flat values")
    func roundTrip() async {
        let input = zip(Gen.letterOrNumber.string(of: 0...20), Gen.int64(), Gen.bool, Gen.letterOrNumber.string(of: 0...5).optional)
        await propertyCheck(count: 200, input: input) { (text: String, number: Int64, flag: Bool, optional: String?) in
            let value = Flat(text: text, number: number, flag: flag, optional: optional)
            let decoded = try? URLQueryDecoder().decode(Flat.self, from: try URLQueryEncoder().encode(value))
            #expect(decoded == value)
        }
    }
}
