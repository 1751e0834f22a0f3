import Foundation
import Roundtrip
import RoundtripSimulator
import RoundtripYAML
import Testing

/// "Never lose a pending request": a caller force-quit while waiting still accepts the answer.
@Suite("Calling app lifecycle")
struct CallerLifecycleTests {
    @Test func aForceQuitCallerAcceptsTheAnswerAfterRelaunch() async throws {
        let device = VirtualDevice()
        let spec = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app: {name: B, schemes: [b]}
                actions:
                  work: {url: "b://work", convention: return-url, response-prefix: b_}
                """
        ).spec
        let endpoint = try Endpoint(spec: spec)
        let a = AppManifest(name: "A", bundleID: "com.a", teamID: "AAAAAAAAAA", urlSchemes: ["a"])
        let b = AppManifest(name: "B", bundleID: "com.b", teamID: "BBBBBBBBBB", urlSchemes: ["b"])
        await device.install(a) { [nonces = device.nonces] in CallingApp(nonces: nonces) }
        // B takes its time: it stores the request and answers later, from a button.
        let inbox = InboxBox()
        await device.install(b) {
            ScriptedApp { url, _, _ in inbox.store(url) }
        }
        _ = try await device.run(in: a.bundleID) { behavior, context in
            let app = try #require(behavior as? CallingApp)
            let caller = await app.caller(context)
            return try await caller.send(
                "work",
                to: RequestBuilder(partner: spec),
                callback: "a://done",
                continuation: Data(#"{"screen":"cart"}"#.utf8)
            )
        }
        await device.forceQuit(a.bundleID)
        let request = try #require(inbox.url)
        let accepted = try endpoint.evaluate(request)
        let callback = try ResponseBuilder.callbackURL(answering: accepted, action: spec.actions[0], outcome: "approved")
        await device.open(callback, from: b.bundleID)
        let app = try await device.run(in: a.bundleID) { behavior, _ in try #require(behavior as? CallingApp) }
        let responses = await app.accepted
        #expect(responses.map(\.outcome) == ["approved"])
        #expect(responses.first.flatMap { $0.continuation.map { String(decoding: $0, as: UTF8.self) } } == #"{"screen":"cart"}"#)
        #expect(device.trace.events.contains { $0.text == "A launched to open a URL" })
    }

    final class InboxBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: String?
        func store(_ url: String) {
            lock.lock()
            stored = url
            lock.unlock()
        }
        var url: String? {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }
}
