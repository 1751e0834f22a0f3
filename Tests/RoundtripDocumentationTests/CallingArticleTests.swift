import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The article "Calling another app and coming back", compiled and run. `articleSnippetsAreInThisFile`
/// fails when the article's Swift code and this file drift apart.
@Suite("Documentation: Calling another app and coming back")
struct CallingArticleTests {
    static let articlePath = Fixture.repository
        .appendingPathComponent("Sources/Roundtrip/Documentation.docc/CallingAnotherAppAndComingBack.md").path

    struct Charge: Codable, Sendable {
        var amount: Decimal
        var currency: String?
        var invoiceNumber: String?
    }
    struct ChargeResult: Decodable { var transactionId: String }
    struct Screen: Codable, Sendable, Equatable { var invoice: Int }

    @Test func theArticleRuns() async throws {
        let terminalSpec = try String(contentsOfFile: Fixture.path("specs/terminal.yaml"), encoding: .utf8)
        let ledgerFolder = TemporaryFolder.make()
        let ledgerKeyData = Data("ledger-key-0123456789abcdef".utf8)
        // The terminal answers every charge: it plays the partner app.
        var terminalApp = Receiver(endpoint: try Endpoint(spec: try SpecLoader.load(yaml: terminalSpec).spec), opener: RecordingOpener())
        terminalApp.on("charge", as: Charge.self) { _, _ in Reply(outcome: "approved", parameters: [QueryItem(name: "transactionId", value: "T-1")]) }
        let partner = terminalApp
        let box = CallerBox()
        let answers = Answers()
        let opener = RecordingOpener { url in
            guard let handled = try? await partner.handle(url.absoluteString), let callback = handled.callbackURL else { return }
            await answers.append(callback)
            Task { _ = try? await box.caller?.handleCallback(URL(string: callback)!) }
        }

        let terminal = try RequestBuilder(partner: try SpecLoader.load(yaml: terminalSpec).spec)
        let request = try terminal.build(
            "charge",
            parameters: [QueryItem(name: "amount", value: "12.50"), QueryItem(name: "invoiceNumber", value: "123")],
            callback: "my-return-url://?record_id=123"
        )
        #expect(
            request.url.hasPrefix(
                "com-example-terminal://charge/1.0.0/?amount=12.50&invoiceNumber=123&returnURL=my-return-url%3A%2F%2F%3Frecord_id%3D123%26rt-state%3D"
            )
        )

        let ledger = FileLedgerStore(directory: ledgerFolder, keyData: ledgerKeyData)
        let caller = Caller(ledger: ledger, opener: opener)
        await box.set(caller)

        var printed = ""
        let response = try await caller.call(
            "charge",
            to: terminal,
            with: Charge(amount: 12.5, invoiceNumber: "123"),
            callback: "my-return-url://?record_id=123",
            continuation: Screen(invoice: 123)
        )
        if response.outcome == "approved" {
            let result = try response.decode(ChargeResult.self)
            print("approved", result.transactionId, to: &printed)
        }
        #expect(printed == "approved T-1\n")

        // After a relaunch: a request sent, the app killed, the answer arriving in a new process.
        let sent = try await Caller(ledger: ledger, opener: RecordingOpener()).send(
            "charge",
            to: terminal,
            parameters: [QueryItem(name: "amount", value: "5")],
            callback: "my-return-url://?record_id=124",
            continuation: try JSONEncoder().encode(Screen(invoice: 124))
        )
        let nonce = try #require(sent.pending?.nonce)
        let callbackURL = URL(string: "my-return-url://?record_id=124&rt-state=\(nonce)&ifcc_responseType=declined")!
        let relaunched = Caller(ledger: FileLedgerStore(directory: ledgerFolder, keyData: ledgerKeyData), opener: RecordingOpener())
        let answer = try await relaunched.handleCallback(callbackURL)
        let screen = try answer.continuation(as: Screen.self)
        #expect(screen == Screen(invoice: 124))
        #expect(answer.outcome == "declined")
    }

    @Test func articleSnippetsAreInThisFile() throws {
        let article = try String(contentsOfFile: Self.articlePath, encoding: .utf8)
        let thisFile = HandlingIncomingURLsArticleTests.normalize(try String(contentsOfFile: #filePath, encoding: .utf8))
        let snippets = HandlingIncomingURLsArticleTests.codeBlocks(in: article, language: "swift")
        #expect(snippets.count == 4)
        for snippet in snippets {
            let lines = HandlingIncomingURLsArticleTests.normalize(snippet)
                .split(separator: "\n").filter { !$0.hasPrefix("//") }.joined(separator: "\n")
                .replacingOccurrences(
                    of: "print(\"approved\", result.transactionId)",
                    with: "print(\"approved\", result.transactionId, to: &printed)"
                )
            #expect(thisFile.contains(lines), "the article's snippet is not in the test:\n\(snippet)")
        }
    }
}

/// The callbacks the partner opened.
actor Answers {
    private(set) var urls: [String] = []
    func append(_ url: String) { urls.append(url) }
}
