import ArgumentParser
import Foundation
import RoundtripAndroid
import RoundtripTerminal

/// `roundtrip android match --manifest FILE URL [--json]`
struct AndroidMatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide, as Android's IntentFilter.matchData does, which intent filters of a manifest take a URL.",
        discussion: """
            FILE is an AndroidManifest.xml (text) or a fragment of <intent-filter> elements. With \
            --json: {"matches": [{"component", "filter", "category"}]}, where filter is the \
            filter's index in file order and category is scheme, scheme-specific-part, host, port \
            or path.

            Exits 0 when a filter matches, 1 when none does, 2 for an unreadable or invalid \
            manifest (invalid-manifest, naming the attribute).
            """
    )

    @Option(help: "The AndroidManifest.xml, or a fragment of <intent-filter> elements.")
    var manifest: String

    @Argument(help: "The URL to match, for example https://example.com/buy/42.")
    var url: String

    @OptionGroup var output: JSONOption

    func run() async throws {
        let bytes = try AndroidFileFailure.read(manifest, limit: AndroidManifest.maximumSize, code: .invalidManifest, json: output.json)
        let parsed: AndroidManifest
        do {
            parsed = try AndroidManifest(xml: bytes)
        } catch {
            throw AndroidFileFailure.report(error, json: output.json)
        }
        let matches = parsed.matches(AndroidURI(url))
        if output.json {
            JSONOutput.print(MatchesJSON(matches: matches.map(MatchJSON.init)))
        } else if matches.isEmpty {
            print("no intent filter of \(manifest) takes the URL")
        } else {
            for match in matches {
                print(
                    TerminalText.escaped(
                        "filter \(match.filter) of \(match.component ?? "(no component)") takes the URL (\(match.category.rawValue))"
                    )
                )
            }
        }
        if matches.isEmpty { throw CommandFailure.rejected() }
    }

    /// `{"matches": [...]}`.
    struct MatchesJSON: Encodable {
        let matches: [MatchJSON]
    }

    /// `{"component": ".MainActivity", "filter": 0, "category": "path"}`, nulls written out.
    struct MatchJSON: Encodable {
        let match: AndroidManifest.Match

        init(_ match: AndroidManifest.Match) { self.match = match }

        enum CodingKeys: String, CodingKey { case component, filter, category }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(match.component, forKey: .component)
            try container.encode(match.filter, forKey: .filter)
            try container.encode(match.category.rawValue, forKey: .category)
        }
    }
}
