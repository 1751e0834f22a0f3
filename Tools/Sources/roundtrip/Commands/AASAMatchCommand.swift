import ArgumentParser
import Foundation
import RoundtripAssociatedDomains

/// `roundtrip aasa match FILE URL [--app-id ID] [--json]`
struct AASAMatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide, as iOS does, whether a URL opens an app according to an association file, and explain why.",
        discussion: """
            With --json: {"matched", "blocked", "appID", "rule"}, nulls written out.

            Exits 0 when an app opens the URL, 1 when no app does or an exclude rule blocks it, 2 \
            for an unreadable or invalid file or URL, or when matching passes its work limit \
            (work-limit-exceeded: substitution variables too costly for a URL that long).
            """
    )

    @Argument(help: "The apple-app-site-association file.")
    var file: String

    @Argument(help: "The URL to match, for example https://example.com/buy/42.")
    var url: String

    @Option(name: .customLong("app-id"), help: "Only consider this app (TEAMID.bundle.id).")
    var appID: String?

    @OptionGroup var output: JSONOption

    func run() async throws {
        let bytes = try AASACommand.read(file)
        let associationFile: AssociationFile
        do {
            associationFile = try AssociationFile(json: bytes)
        } catch {
            throw CommandFailure.usage("\(file):\(error.description); run 'roundtrip aasa lint \(file)' for every problem")
        }
        let matcher = AssociationMatcher(associationFile)
        let explanation: MatchExplanation
        do {
            explanation = try matcher.explain(url, appID: appID)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        let result = explanation.result
        if output.json {
            JSONOutput.print(MatchJSON(result))
        } else {
            print(explanation.description)
        }
        if !result.isMatched { throw CommandFailure.rejected() }
    }

    /// `{"matched": true, "blocked": false, "appID": "...", "rule": 2}`, nulls written out.
    struct MatchJSON: Encodable {
        let result: MatchResult

        init(_ result: MatchResult) { self.result = result }

        enum CodingKeys: String, CodingKey { case matched, blocked, appID, rule }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(result.isMatched, forKey: .matched)
            try container.encode(result.isBlocked, forKey: .blocked)
            try container.encode(result.appID, forKey: .appID)
            try container.encode(result.rule, forKey: .rule)
        }
    }
}
