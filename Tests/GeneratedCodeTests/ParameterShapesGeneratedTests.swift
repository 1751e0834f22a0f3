import Foundation
import Roundtrip
import Testing

/// Generated code for the parameter shapes of real URL APIs
/// (`Tests/Fixtures/specs/shapes.yaml`): the generated client builds each shape, the generated
/// receiver reads it back typed: a presence switch as a plain `Bool`, a space list, a lone CR,
/// prefixed names as a dictionary by full name, bracket names.
@Suite("Generated code: presence switches, space lists, multiline any, prefix and bracket names")
struct ParameterShapesGeneratedTests {
    /// The URLs the client opened.
    final class Opened: @unchecked Sendable {
        private let lock = NSLock()
        private var urls: [URL] = []
        func add(_ url: URL) {
            lock.lock()
            urls.append(url)
            lock.unlock()
        }
        var last: URL? {
            lock.lock()
            defer { lock.unlock() }
            return urls.last
        }
    }

    static func client(opened: Opened) throws -> FixtureShapesClient {
        let opener = ClosureURLOpener { url, _ in
            opened.add(url)
            return true
        }
        return try FixtureShapesClient(caller: Caller(ledger: InMemoryLedgerStore(), opener: opener))
    }

    static func received(_ url: URL?) throws -> FixtureShapesReceiver.Request {
        let url = try #require(url)
        return try FixtureShapesReceiver.Request(try FixtureShapesReceiver.endpoint().evaluate(url.absoluteString))
    }

    @Test func aSwitchIsItsBareNameWhenOnAndAbsentWhenOff() async throws {
        let opened = Opened()
        let client = try Self.client(opened: opened)
        let on = try await client.open(url: URL(string: "https://example.com/a")!, newTab: true, tags: ["news", "tech"], text: "one\rtwo\nthree")
        #expect(on.url == "shapes://open?url=https%3A%2F%2Fexample.com%2Fa&new-tab&tags=news%20tech&text=one%0Dtwo%0Athree")
        guard case .open(let open) = try Self.received(opened.last) else {
            Issue.record("not an open request")
            return
        }
        #expect(open.newTab)
        #expect(open.tags == ["news", "tech"])
        #expect(open.text == "one\rtwo\nthree")

        let off = try await client.open(url: URL(string: "https://example.com/b")!)
        #expect(!off.url.contains("new-tab"))
        guard case .open(let plain) = try Self.received(opened.last) else {
            Issue.record("not an open request")
            return
        }
        #expect(!plain.newTab)
        #expect(plain.tags == nil)
    }

    @Test func bracketNamesAreTypedProperties() async throws {
        let opened = Opened()
        let client = try Self.client(opened: opened)
        let sent = try await client.setPickup(pickupLatitude: Decimal(string: "48.85")!, pickupLongitude: Decimal(string: "2.35")!)
        #expect(sent.url == "shapes://pickup?pickup%5Blatitude%5D=48.85&pickup%5Blongitude%5D=2.35")
        guard case .setPickup(let pickup) = try Self.received(opened.last) else {
            Issue.record("not a pickup request")
            return
        }
        #expect(pickup.pickupLatitude == Decimal(string: "48.85"))
        #expect(pickup.pickupLongitude == Decimal(string: "2.35"))
        #expect(pickup.pickupNickname == nil)
    }

    /// What the partner opened, and the caller to hand answers to.
    actor Partner {
        var caller: Caller?
        var fields: [String: String] = [:]
        var tags: [String]?
        func set(_ caller: Caller) { self.caller = caller }
        func saw(_ note: FixtureShapesReceiver.AddNote) {
            fields = note.fld
            tags = note.fldTags
        }
    }

    @Test func prefixedNamesComeAsADictionaryByFullName() async throws {
        let endpoint = try FixtureShapesReceiver.endpoint()
        let partner = Partner()
        let opener = ClosureURLOpener { url, _ in
            guard let accepted = try? endpoint.evaluate(url.absoluteString),
                case .addNote(let note)? = try? FixtureShapesReceiver.Request(accepted),
                let answer = try? note.answer(.init(summary: "added\rtwo fields"))
            else { return false }
            Task {
                await partner.saw(note)
                _ = try? await partner.caller?.handleCallback(answer)
            }
            return true
        }
        let caller = Caller(ledger: InMemoryLedgerStore(), opener: opener)
        await partner.set(caller)
        let client = try FixtureShapesClient(caller: caller)
        let result = try await client.addNote(
            deck: "Default",
            fld: ["fldFront": "Bonjour", "fldBack": "Hello\nHi"],
            fldTags: ["french", "greetings"],
            callback: "shapes-caller://added"
        )
        #expect(result == .success(.init(summary: "added\rtwo fields")))
        #expect(await partner.fields == ["fldFront": "Bonjour", "fldBack": "Hello\nHi"], "fldTags is declared on its own, not a field")
        #expect(await partner.tags == ["french", "greetings"])
    }
}
