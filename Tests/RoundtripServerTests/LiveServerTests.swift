import Foundation
import HummingbirdTesting
import Testing
@testable import RoundtripServer

@Suite("Live loopback server")
struct LiveServerTests {
    @Test("AASA, HEAD and the tester over a real socket")
    func live() async throws {
        try await ServerFixture.app().test(.live) { client in
            #expect(client.port != nil)
            let aasa = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "terminal.example.com:\(client.port ?? 0)"])
            #expect(aasa.status == .ok)
            #expect(aasa.headers[.contentLength] == String(aasa.body.readableBytes))
            let head = try await client.execute(uri: "/.well-known/apple-app-site-association", method: .head, headers: [.hostHeader: "terminal.example.com"])
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentLength] == aasa.headers[.contentLength])

            let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#)
            #expect(created.status == .created)
            let link = try #require(created.json["link"] as? String)
            let callback = try await client.get(try TesterAPITests.path(of: TesterAPITests.callback("ulc-success", in: link)))
            #expect(callback.status == .ok)
            let id = try #require(created.json["id"] as? String)
            let shown = try await client.get("/api/ulc-tests/\(id)")
            #expect(shown.json["status"] as? String == "success")
            let bad = try await client.post("/api/ulc-tests", json: "{")
            #expect(bad.status == .badRequest)
        }
    }
}
