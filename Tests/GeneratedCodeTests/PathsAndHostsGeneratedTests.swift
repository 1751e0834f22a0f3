import Foundation
import Roundtrip
import Testing

/// Rest and host placeholders through generated code (`Tests/Fixtures/specs/paths-and-hosts.yaml`):
/// the generated client builds the URL from typed values (each path segment encoded, the `/`s
/// kept), and the generated receiver reads them back typed.
@Suite("Generated code: rest and host placeholders")
struct PathsAndHostsGeneratedTests {
    /// The URLs the client opened.
    actor Opened {
        var urls: [String] = []
        func add(_ url: String) { urls.append(url) }
    }

    @Test func theClientsURLsAreReadBackByTheReceiver() async throws {
        let opened = Opened()
        let opener = ClosureURLOpener { url, _ in
            await opened.add(url.absoluteString)
            return true
        }
        let client = try FixturePathsAndHostsClient(caller: Caller(ledger: InMemoryLedgerStore(), opener: opener))
        _ = try await client.openPath(path: "Work/Plans 2027/Q1", line: 4)
        _ = try await client.openAttachment(id: 9, file: "images/a b.png")
        _ = try await client.openWeb(host: "news.example.org", rest: "2026/11/story")
        _ = try await client.openSite(host: "example.com")
        let urls = await opened.urls
        #expect(
            urls == [
                "notes:///folder/Work/Plans%202027/Q1?line=4", "notes:///note/9/images/a%20b.png", "webview://news.example.org/2026/11/story",
                "webview://example.com",
            ]
        )

        let endpoint = try FixturePathsAndHostsReceiver.endpoint()
        var read: [String] = []
        for url in urls {
            switch try FixturePathsAndHostsReceiver.Request(try endpoint.evaluate(url)) {
            case .openPath(let request): read.append("\(request.path) \(request.line ?? 0)")
            case .openAttachment(let request): read.append("\(request.id) \(request.file)")
            case .openWeb(let request): read.append("\(request.host) \(request.rest)")
            case .openSite(let request): read.append(request.host)
            }
        }
        #expect(read == ["Work/Plans 2027/Q1 4", "9 images/a b.png", "news.example.org 2026/11/story", "example.com"])
    }

    @Test func theReceiverLowercasesTheHostAndRefusesOneItsPatternDoesNot() throws {
        let endpoint = try FixturePathsAndHostsReceiver.endpoint()
        guard case .openWeb(let request) = try FixturePathsAndHostsReceiver.Request(try endpoint.evaluate("webview://News.Example.ORG/a")) else {
            Issue.record("not open-web")
            return
        }
        #expect(request.host == "news.example.org")
        #expect {
            try endpoint.evaluate("webview://a_b/x")
        } throws: { error in
            (error as? RoundtripError)?.code == .invalidParameter && (error as? RoundtripError)?.parameter == "host"
        }
    }
}
