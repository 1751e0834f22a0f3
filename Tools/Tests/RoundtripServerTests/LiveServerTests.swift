import Foundation
import HTTPTypes
import HummingbirdTesting
import Roundtrip
import RoundtripServer
import Testing

@Suite("Live loopback server")
struct LiveServerTests {
    @Test("AASA, HEAD and the tester over a real socket")
    func live() async throws {
        try await ServerFixture.app().test(.live) { client in
            #expect(client.port != nil)
            let aasa = try await client.get(
                "/.well-known/apple-app-site-association",
                headers: [.hostHeader: "terminal.example.com:\(client.port ?? 0)"]
            )
            #expect(aasa.status == .ok)
            #expect(aasa.headers[.contentLength] == String(aasa.body.readableBytes))
            let head = try await client.execute(
                uri: "/.well-known/apple-app-site-association",
                method: .head,
                headers: [.hostHeader: "terminal.example.com"]
            )
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(head.headers[.contentLength] == aasa.headers[.contentLength])
            // Served on the event loop, yet the same answer as the router's.
            let routed = try await ServerFixture.app().test(.router) { router in
                try await router.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "terminal.example.com"])
            }
            #expect(aasa.body == routed.body)
            for field in [HTTPField.Name.contentType, .eTag, .cacheControl, .contentLength] {
                #expect(aasa.headers[field] == routed.headers[field])
            }
            #expect(aasa.headers[.server] == "Roundtrip/\(RoundtripVersion.current)")
            #expect(aasa.headers[.date] != nil)
            let tag = try #require(aasa.headers[.eTag])
            let unchanged = try await client.get("/apple-app-site-association", headers: [.hostHeader: "terminal.example.com", .ifNoneMatch: tag])
            #expect(unchanged.status == .notModified)
            let unknown = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "other.example.com"])
            #expect(unknown.status == .notFound)
            #expect(unknown.errorCode == "unknown-domain")

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

    @Test("without a public URL, links name the port actually bound, not the 0 asked for")
    func boundPortInLinks() async throws {
        let configuration = ServerConfiguration(port: 0, specs: [try ServerFixture.terminal()])
        #expect(configuration.publicURLFollowsBoundPort)
        let app = try ServerApplication.make(configuration: configuration, store: try SQLiteTestStore(path: ":memory:"), logger: ServerFixture.logger)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            #expect(port != 0)
            let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#)
            let link = try #require(created.json["link"] as? String)
            #expect(try TesterAPITests.callback("ulc-success", in: link).hasPrefix("https://localhost:\(port)/cb/"))
        }
    }

    @Test("pipelined in one write: AASA, an API call, AASA again; answered in order, then closed")
    func pipelined() async throws {
        try await ServerFixture.app().test(.live) { client in
            let port = try #require(client.port)
            let aasa = "GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: terminal.example.com\r\n\r\n"
            let api = "GET /api/ulc-tests/unknown HTTP/1.1\r\nHost: terminal.example.com\r\n\r\n"
            let closing = "HEAD /apple-app-site-association HTTP/1.1\r\nHost: terminal.example.com\r\nConnection: close\r\n\r\n"
            let response = try await RawHTTPConnection.exchangeOnThread(port: port, aasa + api + aasa + closing).text
            let statuses = response.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
            #expect(statuses == ["200", "404", "200", "200"])
            #expect(response.contains("not-found"))
            #expect(response.components(separatedBy: "ABCDE12345.com.example.terminal").count == 3)  // two GETs, no HEAD body
        }
    }
}
