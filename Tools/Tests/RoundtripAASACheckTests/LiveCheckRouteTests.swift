import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOPosix
import Roundtrip
import RoundtripAASACheck
import RoundtripServer
import Testing

/// The server's live check: the same report as the command, behind the public-safety rules.
@Suite(.serialized) struct LiveCheckRouteTests {
    static func app(options: LiveCheckOptions, perMinute: Int = 6) throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration(publicURL: "https://tester.example.org")
        configuration.liveCheck = options
        configuration.liveChecksPerMinute = perMinute
        return try ServerApplication.make(configuration: configuration, store: try SQLiteTestStore(path: ":memory:"), logger: TestSites.logger)
    }

    static let json: HTTPFields = [.contentType: "application/json"]
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    @Test func theAPIGivesTheCommandsReport() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let options = try LiveCheckerTests.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            try await Self.app(options: options).test(.router) { client in
                let body = ByteBuffer(string: #"{"domain": "bot.test", "appID": "ABCDE12345.com.example.shop"}"#)
                try await client.execute(uri: "/api/aasa-check", method: .post, headers: Self.json, body: body) { response in
                    #expect(response.status == .ok)
                    let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                    let domain = try #require((object?["domains"] as? [[String: Any]])?.first)
                    #expect(domain["domain"] as? String == "bot.test")
                    #expect((domain["findings"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["bot-protection"])
                }
                try await client.execute(
                    uri: "/aasa-check/live",
                    method: .post,
                    headers: Self.form,
                    body: ByteBuffer(string: "domain=stale.test&app_id=")
                ) {
                    response in
                    #expect(response.status == .ok)
                    let page = String(buffer: response.body)
                    #expect(page.contains("id=\"live-report\""))
                    #expect(page.contains("stale.test: universal links can work"))
                    #expect(page.contains("cdn-differs"))
                }
            }
        }
    }

    @Test func theAssetLinksFormAndAPIGiveTheCommandsReport() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let options = try LiveCheckerTests.options(sites: sites, sitePort: sitePort, cdnPort: cdnPort)
            try await Self.app(options: options).test(.router) { client in
                try await client.execute(
                    uri: "/assetlinks-check/live",
                    method: .post,
                    headers: Self.form,
                    body: ByteBuffer(string: "domain=good.test&package=\(TestFiles.package)")
                ) { response in
                    #expect(response.status == .ok)
                    let page = String(buffer: response.body)
                    #expect(page.contains("id=\"live-report\""))
                    #expect(page.contains("good.test: verified (0 finding(s), no error)."))
                    #expect(page.contains("<code>https://good.test/.well-known/assetlinks.json</code>"))
                    #expect(page.contains("<tr><th>package</th><td><code>com.example.shop</code></td><td>verified</td></tr>"))
                }
                // The package name is echoed escaped; the file does not name it.
                try await client.execute(
                    uri: "/assetlinks-check/live",
                    method: .post,
                    headers: Self.form,
                    body: ByteBuffer(string: "domain=*.stale.test&package=%3Cscript%3Ex")
                ) { response in
                    #expect(response.status == .ok)
                    let page = String(buffer: response.body)
                    #expect(page.contains("*.stale.test: package-not-verified, 1 error(s) stop App Links."))
                    #expect(page.contains("Live check of *.stale.test (checked at its apex)"))
                    #expect(page.contains("&lt;script&gt;x"))
                    #expect(!page.contains("<script>"))
                }
                let body = ByteBuffer(string: #"{"domain": "redirect.test", "package": "com.example.shop"}"#)
                try await client.execute(uri: "/api/assetlinks-check", method: .post, headers: Self.json, body: body) { response in
                    #expect(response.status == .ok)
                    let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                    let domain = try #require((object?["domains"] as? [[String: Any]])?.first)
                    #expect(domain["domain"] as? String == "redirect.test")
                    #expect((domain["findings"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["redirect"])
                    let packages = domain["packages"] as? [[String: Any]]
                    #expect(packages?.map { $0["package"] as? String } == ["com.example.shop"])
                    #expect(packages?.map { $0["verified"] as? Bool } == [false])
                }
            }
        }
    }

    @Test func theAssetLinksCheckRefusesBadDomainsAndSharesTheAllowance() async throws {
        var options = ServerConfiguration.publicLiveCheck
        options.cdnBase = nil
        try await Self.app(options: options, perMinute: 2).test(.router) { client in
            try await client.execute(
                uri: "/assetlinks-check/live",
                method: .post,
                headers: Self.form,
                body: ByteBuffer(string: "domain=http%3A%2F%2Fx")
            ) {
                response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("<code>invalid-domain</code>"))
            }
            try await client.execute(uri: "/api/aasa-check", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"domain": "localhost"}"#))
            {
                response in
                #expect(response.status == .ok)
            }
            try await client.execute(
                uri: "/api/assetlinks-check",
                method: .post,
                headers: Self.json,
                body: ByteBuffer(string: #"{"domain": "localhost"}"#)
            ) { response in
                #expect(response.status == .ok)
                let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let domain = try #require((object?["domains"] as? [[String: Any]])?.first)
                #expect((domain["findings"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["private-address"])
                #expect((domain["packages"] as? [Any])?.isEmpty == true)
            }
            // The third live check of the minute, whichever file it is for.
            try await client.execute(uri: "/assetlinks-check/live", method: .post, headers: Self.form, body: ByteBuffer(string: "domain=localhost")) {
                response in
                #expect(response.status == .tooManyRequests)
                #expect(String(buffer: response.body).contains("<code id=\"code\">rate-limited</code>"))
                #expect(response.headers[.retryAfter] == "30")
            }
            try await client.execute(uri: "/api/assetlinks-check", method: .post, headers: Self.json, body: ByteBuffer(string: "{")) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("\"code\":\"invalid-json\""))
            }
        }
    }

    @Test func aPublicServerRefusesLoopbackAndBadDomains() async throws {
        var options = ServerConfiguration.publicLiveCheck
        options.cdnBase = "https://cdn.test/a/v1"
        try await Self.app(options: options).test(.router) { client in
            try await client.execute(uri: "/api/aasa-check", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"domain": "localhost"}"#))
            {
                response in
                let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let domain = try #require((object?["domains"] as? [[String: Any]])?.first)
                #expect((domain["findings"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["private-address"])
                #expect(((domain["live"] as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "private-address")
                #expect(domain["cdn"] is NSNull)
            }
            try await client.execute(uri: "/api/aasa-check", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"domain": "http://x"}"#))
            {
                response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains("\"code\":\"invalid-domain\""))
            }
        }
    }

    @Test func liveChecksAreRateLimited() async throws {
        var options = ServerConfiguration.publicLiveCheck
        options.cdnBase = nil
        try await Self.app(options: options, perMinute: 2).test(.router) { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<3 {
                try await client.execute(
                    uri: "/api/aasa-check",
                    method: .post,
                    headers: Self.json,
                    body: ByteBuffer(string: #"{"domain": "localhost"}"#)
                ) {
                    response in
                    statuses.append(response.status)
                    if response.status == .tooManyRequests {
                        #expect(String(buffer: response.body).contains("\"code\":\"rate-limited\""))
                        #expect(response.headers[.retryAfter] == "30")
                    }
                }
            }
            #expect(statuses == [.ok, .ok, .tooManyRequests])
            // The form's refusal is a page, with the same Retry-After.
            try await client.execute(uri: "/aasa-check/live", method: .post, headers: Self.form, body: ByteBuffer(string: "domain=localhost")) {
                response in
                #expect(response.status == .tooManyRequests)
                #expect(String(buffer: response.body).contains("<code id=\"code\">rate-limited</code>"))
                #expect(response.headers[.retryAfter] == "30")
            }
        }
    }

    @Test func aClientThatLeavesEndsItsLiveCheck() async throws {
        let sites = try TestSites()
        try await sites.run { sitePort, cdnPort in
            let options = try LiveCheckerTests.trickleOptions(sites: sites, sitePort: sitePort, cdnPort: cdnPort, timeout: .seconds(60))
            try await Self.app(options: options).test(.live) { client in
                let port = try #require(client.port)
                let connection = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get()
                let body = #"{"domain": "trickle.test"}"#
                let request =
                    "POST /api/aasa-check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
                try await connection.writeAndFlush(ByteBuffer(string: request)).get()
                #expect(await sites.trickles.wait(upTo: .seconds(10)) { $0 == 1 }, "the check did not start")
                try await connection.close().get()
                // The check's fetch ends with the client, not 60 s later.
                #expect(await sites.trickles.wait(upTo: .seconds(3)) { $0 == 0 }, "the fetch went on after the client left")
            }
        }
    }
}
