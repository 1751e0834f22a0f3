import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RoundtripServer
import Testing

/// The pages' heavy requests run off the pool that answers `/healthz` and the AASA files, and
/// under a budget: held at a gate on the heavy pool's threads, they leave the probes, the AASA
/// file and the light pages answering, and one more heavy request is refused at once.
@Suite("Heavy page work")
struct HeavyPageWorkTests {
    /// Where the heavy pool's threads wait until the test opens it.
    final class Gate: @unchecked Sendable {
        // @unchecked: `isOpen` and `entered` are only touched while `condition` is locked.
        private let condition = NSCondition()
        private var isOpen = false
        private var entered = 0

        /// Waits (on the heavy pool's thread) until the gate is open.
        func pass() {
            condition.lock()
            entered += 1
            while !isOpen { condition.wait() }
            condition.unlock()
        }

        func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }

        /// The pieces of work that reached the gate.
        var count: Int {
            condition.lock()
            defer { condition.unlock() }
            return entered
        }
    }

    static let spec = """
        roundtrip: 1
        app: {name: Rides, schemes: [rides]}
        actions:
          set-pickup: {url: "rides://", convention: none, select: {action: setPickup}}
        """

    static let inspectForm = [("url", "rides://?action=setPickup"), ("spec_text", spec)]

    /// A POST of the inspector's form as raw HTTP, closing the connection after the answer.
    static func rawInspect() -> String {
        let body = inspectForm.map { "\(FormEncoding.encode($0.0))=\(FormEncoding.encode($0.1))" }.joined(separator: "&")
        return
            "POST /inspect HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    /// Waits, without a time limit of its own, until `condition` holds.
    static func until(_ condition: () -> Bool) async throws {
        while !condition() { try await Task.sleep(for: .milliseconds(5)) }
    }

    @Test("while the heavy pool is full, /healthz, the AASA file and the home page answer, and one more heavy request is 503 busy")
    func probesAnswerWhileHeavyWorkIsHeld() async throws {
        let gate = Gate()
        let work = HeavyPageWork(threads: 2, queue: 1, deadline: .seconds(600), gate: { gate.pass() })
        try await ServerFixture.app(configure: { $0.heavyPageWork = work }).test(.live) { client in
            let port = try #require(client.port)
            // Two requests hold the pool's two threads at the gate, a third waits in its queue:
            // each on a connection (and a client thread) of its own.
            let held = (0..<3).map { _ in
                Task { try await RawHTTPConnection.exchangeOnThread(port: port, Self.rawInspect(), seconds: 600).text }
            }
            try await Self.until { work.admitted == 3 && gate.count == 2 }

            let health = try await client.get("/healthz")
            #expect(health.status == .ok)
            let file = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "terminal.example.com"])
            #expect(file.status == .ok)
            #expect(file.text.contains("ABCDE12345.com.example.terminal"))
            #expect(try await client.get("/").status == .ok)
            #expect(try await client.get("/inspect").status == .ok)

            for (path, form) in [
                ("/inspect", Self.inspectForm), ("/aasa-check", [("file", "{}"), ("urls", "https://a.example/")]),
                ("/assetlinks-check", [("file", "[]"), ("urls", "https://a.example/"), ("package", "com.example.app")]),
            ] {
                let busy = try await client.post(path, form: form)
                #expect(busy.status == .serviceUnavailable, "\(path)")
                #expect(busy.headers[.retryAfter] == "5")
                #expect(busy.text.contains("<code id=\"code\">busy</code>"))
            }
            let linked = try await client.get("/inspect?url=x")
            #expect(linked.status == .serviceUnavailable)

            gate.open()
            for request in held {
                let answer = try await request.value
                #expect(answer.hasPrefix("HTTP/1.1 200"))
                #expect(answer.contains("<strong id=\"action\">set-pickup</strong>"))
            }
            try await Self.until { work.admitted == 0 }
            let after = try await client.post("/inspect", form: Self.inspectForm)
            #expect(after.status == .ok)
            #expect(after.text.contains("<strong id=\"action\">set-pickup</strong>"))
        }
    }

    @Test("a heavy request that takes longer than the deadline is 503 timed-out, and its work keeps its place until it ends")
    func deadline() async throws {
        let gate = Gate()
        let work = HeavyPageWork(threads: 1, queue: 0, deadline: .milliseconds(50), gate: { gate.pass() })
        try await ServerFixture.app(configure: { $0.heavyPageWork = work }).test(.router) { client in
            let late = try await client.post("/inspect", form: Self.inspectForm)
            #expect(late.status == .serviceUnavailable)
            #expect(late.text.contains("<code id=\"code\">timed-out</code>"))
            #expect(late.text.contains("The request took longer than"))
            // The held work still fills the pool.
            #expect(work.admitted == 1)
            #expect(try await client.post("/aasa-check", form: [("file", "{}")]).status == .serviceUnavailable)
            gate.open()
            try await Self.until { work.admitted == 0 }
            #expect(try await client.post("/aasa-check", form: [("file", "{}")]).status == .ok)
        }
    }
}
