import Foundation
import Hummingbird
import HummingbirdTLS
import HummingbirdTesting
import Logging
import NIOCore
import NIOSSL
import Testing

/// The sites a test checks: one HTTPS server on loopback answering for many host names by
/// `Host`, with a certificate from the test CA, and a second one standing in for Apple's CDN.
///
/// Hosts of the site: `good.test` (the file, well served), `redirect.test` (301 to `www.`),
/// `bot.test` (403 to Apple's crawler, the file to anyone else), `html.test` (an HTML page),
/// `big.test` (over 128 KB), `stale.test` (the file; the CDN has last week's), `slow-N.test`
/// (the file after a pause, counted by ``meter``), `quick-N.test` (the file at once),
/// `trickle.test` (200 at once, then a byte of body every 100 ms for 20 s, counted by
/// ``trickles`` while the connection lasts). `wrong.test` reaches the server but is not on its
/// certificate.
///
/// Their `/.well-known/assetlinks.json`: `good.test` verifies ``TestFiles/package``, `redirect.test`
/// redirects, `bot.test` answers 403, `html.test` serves an HTML page, `stale.test` serves a file
/// for another app, `slow-N.test` answers after 2 s; any other host, 404.
struct TestSites {
    static let siteNames =
        ["good.test", "redirect.test", "bot.test", "html.test", "big.test", "stale.test", "trickle.test"]
        + (0..<20).flatMap { ["slow-\($0).test", "quick-\($0).test"] }

    let pki: TestPKI
    let meter = ConcurrencyMeter()
    /// The trickled answers still being written.
    let trickles = ConcurrencyMeter()

    init() throws {
        pki = try TestPKI()
    }

    /// Runs the site and the CDN, then `body` with their ports.
    func run<Result: Sendable>(
        _ body: @Sendable (_ sitePort: Int, _ cdnPort: Int) async throws -> Result
    ) async throws -> Result {
        let site = Application(
            router: siteRouter(),
            server: try .tls(.http1(), tlsConfiguration: pki.serverTLS(names: Self.siteNames)),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Self.logger
        )
        let cdn = Application(
            router: cdnRouter(),
            server: try .tls(.http1(), tlsConfiguration: pki.serverTLS(names: ["cdn.test"])),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Self.logger
        )
        return try await site.test(.live) { siteClient in
            try await cdn.test(.live) { cdnClient in
                try await body(try #require(siteClient.port), try #require(cdnClient.port))
            }
        }
    }

    /// `--resolve` entries that send every site host (and `wrong.test`) to the site server and
    /// `cdn.test` to the CDN.
    static func resolves(sitePort: Int, cdnPort: Int) -> [String] {
        (siteNames + ["wrong.test"]).map { "\($0):\(sitePort):127.0.0.1" } + ["cdn.test:\(cdnPort):127.0.0.1"]
    }

    static var logger: Logger {
        var logger = Logger(label: "aasa-check-test")
        logger.logLevel = .critical
        return logger
    }

    private static func json(_ text: String, type: String = "application/json") -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private func siteRouter() -> Router<BasicRequestContext> {
        let router = Router()
        let meter = meter
        let trickles = trickles
        router.get("/.well-known/apple-app-site-association") { request, _ -> Response in
            let host = (request.head.authority ?? "").split(separator: ":").first.map(String.init) ?? ""
            let userAgent = request.headers[.userAgent] ?? ""
            switch host {
            case _ where ["good.test", "stale.test", "wrong.test"].contains(host) || host.hasPrefix("quick-"):
                return Self.json(TestFiles.good)
            case "redirect.test":
                return Response(
                    status: .movedPermanently,
                    headers: [.location: "https://www.redirect.test/.well-known/apple-app-site-association"]
                )
            case "bot.test":
                guard !userAgent.contains("AASA-Bot") else {
                    return Response(
                        status: .forbidden,
                        headers: [.contentType: "text/html"],
                        body: .init(byteBuffer: ByteBuffer(string: "<h1>Access denied</h1>"))
                    )
                }
                return Self.json(TestFiles.good)
            case "html.test":
                return Self.json("<!doctype html><html><body>Welcome</body></html>", type: "text/html; charset=utf-8")
            case "big.test":
                return Self.json(TestFiles.big)
            case "trickle.test":
                // Each byte comes well within any read timeout; only a deadline for the whole
                // exchange ends the fetch.
                let body = ResponseBody { writer in
                    trickles.enter(host)
                    defer { trickles.leave(host) }
                    for _ in 0..<200 {
                        try await writer.write(ByteBuffer(string: " "))
                        try await Task.sleep(for: .milliseconds(100))
                    }
                    try await writer.finish(nil)
                }
                return Response(status: .ok, headers: [.contentType: "application/json"], body: body)
            case _ where host.hasPrefix("slow-"):
                meter.enter(host)
                defer { meter.leave(host) }
                try await Task.sleep(for: .milliseconds(100))
                return Self.json(TestFiles.good)
            default:
                return Response(status: .notFound)
            }
        }
        assetLinks(router)
        return router
    }

    private func assetLinks(_ router: Router<BasicRequestContext>) {
        router.get("/.well-known/assetlinks.json") { request, _ -> Response in
            let host = (request.head.authority ?? "").split(separator: ":").first.map(String.init) ?? ""
            switch host {
            case "good.test": return Self.json(TestFiles.assetLinks(package: TestFiles.package))
            case "stale.test": return Self.json(TestFiles.assetLinks(package: "com.example.other"))
            case "redirect.test":
                return Response(status: .found, headers: [.location: "https://www.redirect.test/.well-known/assetlinks.json"])
            case "bot.test": return Response(status: .forbidden)
            case "html.test": return Self.json("<!doctype html><html></html>", type: "text/html")
            case _ where host.hasPrefix("slow-"):
                try await Task.sleep(for: .seconds(2))
                return Self.json(TestFiles.assetLinks(package: TestFiles.package))
            default: return Response(status: .notFound)
            }
        }
    }

    private func cdnRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/a/v1/:domain") { _, context -> Response in
            switch context.parameters.get("domain") ?? "" {
            case "good.test", "bot.test", "wrong.test": Self.json(TestFiles.good)
            case "stale.test": Self.json(TestFiles.old)
            case let host where host.hasPrefix("slow-") || host.hasPrefix("quick-"): Self.json(TestFiles.good)
            default: Response(status: .notFound)
            }
        }
        return router
    }
}
