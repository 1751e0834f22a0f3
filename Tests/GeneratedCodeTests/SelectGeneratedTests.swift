import Foundation
import Roundtrip
import Testing

/// A generated client and a generated receiver for actions that share a route and are told apart
/// by `select` pairs (`Tests/Fixtures/specs/rides.yaml`): each client method writes its action's
/// pairs, and the receiver types the request as that action, without the pairs.
@Suite("Generated code: select")
struct SelectGeneratedTests {
    /// What the partner received, typed, in order: recorded as the URL is opened.
    final class Partner: @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [FixtureRidesReceiver.Request] = []
        private var answering: Caller?

        private func locked<Value>(_ body: () -> Value) -> Value {
            lock.lock()
            defer { lock.unlock() }
            return body()
        }

        var caller: Caller? {
            get { locked { answering } }
            set { locked { answering = newValue } }
        }

        var received: [FixtureRidesReceiver.Request] { locked { requests } }

        func receive(_ request: FixtureRidesReceiver.Request) { locked { requests.append(request) } }
    }

    static func connect() throws -> (client: FixtureRidesClient, partner: Partner) {
        let endpoint = try FixtureRidesReceiver.endpoint()
        let partner = Partner()
        let opener = ClosureURLOpener { url, _ in
            guard let accepted = try? endpoint.evaluate(url.absoluteString), let typed = try? FixtureRidesReceiver.Request(accepted) else {
                return false
            }
            partner.receive(typed)
            guard case .requestPool(let pool) = typed, let answer = try? pool.answer(.init(ride: "R-\(pool.seats)")) else { return true }
            Task { _ = try? await partner.caller?.handleCallback(answer) }
            return true
        }
        let caller = Caller(ledger: InMemoryLedgerStore(), opener: opener)
        partner.caller = caller
        return (try FixtureRidesClient(caller: caller), partner)
    }

    @Test func eachMethodReachesItsOwnActionAtTheSharedRoute() async throws {
        let (client, partner) = try Self.connect()
        let pickup = try await client.setPickup(pickupLatitude: Decimal(string: "48.85")!, pickupLongitude: Decimal(string: "2.35")!)
        #expect(pickup.url == "rides://?action=setPickup&pickup%5Blatitude%5D=48.85&pickup%5Blongitude%5D=2.35")
        let here = try await client.setPickupHere()
        #expect(here.url == "rides://?action=setPickup&pickup=my_location")
        _ = try await client.setDropoff(dropoffFormattedAddress: "1 Main St")
        _ = try await client.open()
        let received = partner.received
        #expect(received.map(\.accepted.actionName) == ["set-pickup", "set-pickup-here", "set-dropoff", "open"])
        guard case .setPickup(let typed)? = received.first else {
            Issue.record("not a set-pickup request")
            return
        }
        #expect(typed.pickupLatitude == Decimal(string: "48.85"))
        #expect(typed.request.parameters["action"] == nil)
    }

    @Test func anActionThatAnswersIsSelectedAndAnswers() async throws {
        let (client, partner) = try Self.connect()
        let result = try await client.requestPool(seats: 2, callback: "caller-app://rides")
        #expect(result == .success(.init(ride: "R-2")))
        #expect(partner.received.map(\.accepted.actionName) == ["request-pool"])
    }
}
