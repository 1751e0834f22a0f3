import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The article "Handling incoming URLs safely", compiled and run. `articleSnippetsAreInThisFile`
/// fails when the article's Swift code and this file drift apart.
@Suite("Documentation: Handling incoming URLs safely")
struct HandlingIncomingURLsArticleTests {
    static let articlePath = Fixture.repository
        .appendingPathComponent("Sources/Roundtrip/Documentation.docc/HandlingIncomingURLsSafely.md").path

    static var terminalSpec: String {
        let article = (try? String(contentsOfFile: articlePath, encoding: .utf8)) ?? ""
        return codeBlocks(in: article, language: "yaml").first ?? ""
    }

    @Test func theArticleRuns() throws {
        let terminalSpec = Self.terminalSpec

        let spec = try SpecLoader.load(yaml: terminalSpec).spec
        let endpoint = try Endpoint(spec: spec)

        let url = "com-example-terminal://charge/1.0.0/?amount=12.50&returnURL=pos-app%3A%2F%2Fcharge-result%3Frecord_id%3D123"
        let request = try endpoint.evaluate(url, source: "com.example.pos")

        struct Charge: Decodable {
            var amount: Decimal
            var currency: String
        }
        let charge = try request.decode(Charge.self)
        #expect(charge.amount == Decimal(string: "12.5"))
        #expect(charge.currency == "USD")

        let action = spec.action(named: request.actionName)!
        let callback = try ResponseBuilder.callbackURL(answering: request, action: action, outcome: "declined")
        // pos-app://charge-result?record_id=123&ifcc_responseType=declined
        #expect(callback == "pos-app://charge-result?record_id=123&ifcc_responseType=declined")

        var printed = ""
        do {
            _ = try endpoint.evaluate(url + "&admin=true")
        } catch {  // evaluate throws RoundtripError, so `error` is typed
            print(error.code, error.parameter ?? "", error.message, to: &printed)
            // unknown-parameter admin the action 'charge' does not take a parameter 'admin'
        }
        #expect(printed == "unknown-parameter admin the action 'charge' does not take a parameter 'admin'\n")
    }

    @Test func articleSnippetsAreInThisFile() throws {
        let article = try String(contentsOfFile: Self.articlePath, encoding: .utf8)
        let thisFile = try String(contentsOfFile: #filePath, encoding: .utf8)
        let normalizedFile = Self.normalize(thisFile)
        let snippets = Self.codeBlocks(in: article, language: "swift")
        #expect(snippets.count == 4)
        for snippet in snippets {
            let lines = Self.normalize(snippet).replacingOccurrences(
                of: "print(error.code, error.parameter ?? \"\", error.message)",
                with: "print(error.code, error.parameter ?? \"\", error.message, to: &printed)"
            )
            #expect(normalizedFile.contains(lines), "the article's snippet is not in the test:\n\(snippet)")
        }
    }

    static func codeBlocks(in markdown: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```" + language {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Lines trimmed and joined, so indentation differences do not matter.
    static func normalize(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
