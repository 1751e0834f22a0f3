import Foundation
import RoundtripToolsTestSupport
import Testing

/// Rest (`notes:///folder/:path*`) and host (`webview://:host/:rest*`) placeholders through the
/// binary, with `Tests/Fixtures/specs/paths-and-hosts.yaml`: `request build --param` writes the
/// URL from the values, `request handle --json` reports them decoded.
@Suite("CLI: rest and host placeholders")
struct RoutePlaceholderCLITests {
    static let spec = CommandLineRunner.fixture("specs/paths-and-hosts.yaml")

    func build(_ action: String, _ parameters: [String]) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run(["request", "build", "--spec", Self.spec, "--action", action] + parameters.flatMap { ["--param", $0] })
    }

    @Test(arguments: [
        ("open-path", ["path=Work/sub/note"], "notes:///folder/Work/sub/note"),
        ("open-path", ["path=Plans 2027/Q1", "line=3"], "notes:///folder/Plans%202027/Q1?line=3"),
        ("open-web", ["host=example.com", "rest=a/b"], "webview://example.com/a/b"),
        ("open-site", ["host=example.com"], "webview://example.com"),
    ])
    func buildWritesTheURLFromTheValues(action: String, parameters: [String], url: String) throws {
        let run = try build(action, parameters)
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.trimmingCharacters(in: .newlines) == url)
    }

    @Test func buildRefusesARestWithAnEmptySegment() throws {
        let run = try build("open-path", ["path=a//b"])
        #expect(run.exitCode != 0)
        #expect(run.stderr.contains("invalid-parameter"), "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "'path' is the rest of the path of the route notes:///folder/:path*: one or more non-empty segments joined with '/' (such as 'folder/note'), with no empty segment, leading or trailing '/'"
            ),
            "\(run.stderr)"
        )
    }

    @Test(arguments: [
        (
            "notes:///folder/Plans%202027/Q1?line=3",
            #"{"accepted":true,"action":"open-path","callbacks":{},"convention":"none","parameters":{"line":"3","path":"Plans 2027/Q1"}}"#
        ),
        (
            "webview://News.Example.ORG/2026/11/story",
            #"{"accepted":true,"action":"open-web","callbacks":{},"convention":"none","parameters":{"host":"news.example.org","rest":"2026/11/story"}}"#
        ),
        (
            "notes:///note/9/images/a%20b.png",
            #"{"accepted":true,"action":"open-attachment","callbacks":{},"convention":"none","parameters":{"file":"images/a b.png","id":"9"}}"#
        ),
    ])
    func handleReportsTheValuesDecoded(url: String, json: String) throws {
        let run = try CommandLineRunner.run(["request", "handle", "--spec", Self.spec, url, "--json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.trimmingCharacters(in: .newlines) == json)
    }

    @Test func handleRefusesAHostWithAPort() throws {
        let run = try CommandLineRunner.run(["request", "handle", "--spec", Self.spec, "webview://example.com:8080/a", "--json"])
        #expect(run.exitCode != 0)
        #expect(run.stdout.contains(#""code":"unknown-route""#), "\(run.stdout)")
    }

    @Test func docsSayWhereEachValueStands() throws {
        let run = try CommandLineRunner.run(["spec", "docs", Self.spec])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("the rest of the path (one or more segments, joined with '/')"))
        #expect(run.stdout.contains("the URL's host (any host, lowercased)"))
    }
}
