import ArgumentParser
import Foundation
import RoundtripAASACheck
import RoundtripAndroid
import RoundtripTerminal

/// `roundtrip assetlinks match FILE URL --package P [--fingerprint F] [--json]`
struct AssetLinksMatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract:
            "Decide, as Android's App Links verifier does, whether an assetlinks.json verifies a URL's host for an app, and whether its dynamic rules open the URL.",
        discussion: """
            With --json: {"verified", "statement", "dynamic", "rule"}, nulls written out; dynamic is \
            "open", "blocked" or null (the file has no dynamic rules for the app).

            Exits 0 when the file verifies the app and the URL opens it, 1 when it does not, 2 for \
            an unreadable or invalid file (invalid-assetlinks), URL or fingerprint.
            """
    )

    @Argument(help: "The assetlinks.json file of the URL's host.")
    var file: String

    @Argument(help: "The URL to match, for example https://example.com/buy/42.")
    var url: String

    @Option(help: "The app's package name (its applicationId).")
    var package: String

    @Option(help: "The SHA-256 fingerprint of the app's signing certificate, in any case, with or without colons.")
    var fingerprint: String?

    @OptionGroup var output: JSONOption

    func run() async throws {
        let bytes = try AndroidFileFailure.read(file, limit: AssetLinksDecoder.maximumSize, code: .invalidAssetLinks, json: output.json)
        let result: AssetLinksMatcher.Result
        do {
            let assetLinks = try AssetLinksFile(json: bytes)
            result = try AssetLinksMatcher(assetLinks).match(url, package: package, fingerprint: fingerprint)
        } catch {
            throw AndroidFileFailure.report(error, json: output.json)
        }
        if output.json {
            JSONOutput.print(MatchJSON(result))
        } else {
            print(TerminalText.escaped(result.explanation(package: package)))
        }
        if !result.opensApp { throw CommandFailure.rejected() }
    }

    /// `{"verified": true, "statement": 0, "dynamic": "open", "rule": 2}`, nulls written out.
    struct MatchJSON: Encodable {
        let result: AssetLinksMatcher.Result

        init(_ result: AssetLinksMatcher.Result) { self.result = result }

        enum CodingKeys: String, CodingKey { case verified, statement, dynamic, rule }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(result.isVerified, forKey: .verified)
            try container.encode(result.statement, forKey: .statement)
            try container.encode(result.dynamic?.rawValue, forKey: .dynamic)
            try container.encode(result.rule, forKey: .rule)
        }
    }
}
