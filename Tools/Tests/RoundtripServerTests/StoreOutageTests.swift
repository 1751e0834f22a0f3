import Foundation
import HummingbirdTesting
import RoundtripServer
import RoundtripToolsTestSupport
import Testing

/// A PostgreSQL database that cannot be reached at start, or goes away while serving.
@Suite("Store outages", .serialized)
struct StoreOutageTests {
    /// A PostgreSQL store reached through a ``TCPProxy`` the test can cut, freeze and restore.
    static func withProxiedStore(_ body: (TCPProxy, PostgresTestStore) async throws -> Void) async throws {
        try await TestDatabase.with(.postgres) { database in
            var components = try #require(URLComponents(string: database.location))
            let proxy = try await TCPProxy.start(to: components.host ?? "127.0.0.1", port: components.port ?? 5432)
            components.port = proxy.port
            let store = try await PostgresTestStore.connect(url: try #require(components.string), logger: TestDatabase.logger)
            do {
                try await body(proxy, store)
            } catch {
                await store.shutdown()
                await proxy.cut()
                throw error
            }
            await store.shutdown()
            await proxy.cut()
        }
    }

    /// Whether `/readyz` turns ready within 30 seconds of polling. `/readyz` keeps its answer for
    /// a second of the server's clock, so each poll moves the manual clock on by one.
    static func recovers(_ client: some TestClientProtocol, clock: ManualClock) async throws -> Bool {
        for _ in 0..<120 {
            clock.advance(by: 1)
            if try await client.get("/readyz").status == .ok { return true }
            try await Task.sleep(for: .milliseconds(250))
        }
        return false
    }

    @Test("serve exits 2 at start with the host and the reason when the database cannot be reached")
    func unreachableAtStart() throws {
        let result = try CommandLineRunner.run([
            "serve", "--port", "0", "--database", "postgres://roundtrip:secret@127.0.0.1:1/roundtrip?sslmode=disable",
        ])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("cannot use the PostgreSQL database at 127.0.0.1:1/roundtrip: connection refused"), "\(result.stderr)")
        #expect(!result.stderr.contains("secret"))
    }

    @Test("a malformed database URL exits 2 without echoing the password")
    func malformedURL() throws {
        let result = try CommandLineRunner.run(["serve", "--port", "0", "--database", "postgres://u:secret@/db?sslmode=maybe"])
        #expect(result.exitCode == 2)
        #expect(!result.stderr.contains("secret"))
    }

    @Test("the database goes away while serving: 503 on each request, then recovery", .enabled(if: TestDatabase.postgresURL != nil))
    func outageAndRecovery() async throws {
        try await Self.withProxiedStore { proxy, store in
            let clock = ManualClock()
            try await ServerFixture.app(clock: clock, store: store).test(.router) { client in
                let body = #"{"target": "https://terminal.example.com/logout"}"#
                #expect(try await client.post("/api/ulc-tests", json: body).status == .created)

                await proxy.cut()
                for _ in 0..<3 {
                    let response = try await client.post("/api/ulc-tests", json: body)
                    #expect(response.status == .serviceUnavailable)
                    #expect(response.errorCode == "store-unavailable")
                }
                #expect(try await client.get("/readyz").status == .serviceUnavailable)
                #expect(try await client.get("/healthz").status == .ok)

                try await proxy.restore()
                #expect(try await Self.recovers(client, clock: clock))
                #expect(try await client.post("/api/ulc-tests", json: body).status == .created)
                #expect((try await client.get("/api/ulc-tests").json["tests"] as? [Any])?.count == 2)
            }
        }
    }

    @Test(
        "a frozen database: 503 store-unavailable within the deadline while the stuck queries are abandoned, then recovery",
        .enabled(if: TestDatabase.postgresURL != nil)
    )
    func frozenDatabase() async throws {
        try await Self.withProxiedStore { proxy, store in
            let clock = ManualClock()
            try await ServerFixture.app(clock: clock, store: store).test(.router) { client in
                let body = #"{"target": "https://terminal.example.com/logout"}"#
                #expect(try await client.post("/api/ulc-tests", json: body).status == .created)

                proxy.freeze()
                let response = try await client.post("/api/ulc-tests", json: body)
                #expect(response.status == .serviceUnavailable)
                #expect(response.errorCode == "store-unavailable")
                #expect(try await client.get("/readyz").status == .serviceUnavailable)

                // The frozen connections are dead for good: drop them, as a restarted server would.
                await proxy.cut()
                try await proxy.restore()
                #expect(try await Self.recovers(client, clock: clock))
            }
        }
    }
}
