/// What a device shows when the app under test opens a callback URL: a plain page.
struct CallbackPage: Sendable {
    let test: ULCTest
    let outcome: CallbackOutcome
    let status: TestStatus
    let isFirst: Bool
    let elapsed: Int64

    var page: Page {
        let summary: HTML
        if !isFirst {
            summary =
                "<p>This test already recorded <strong>\(test.outcome?.rawValue ?? "")</strong>; this later <strong>\(outcome.rawValue)</strong> callback changes nothing.</p>"
        } else if status == .timeout {
            summary =
                "<p>The <strong>\(outcome.rawValue)</strong> callback arrived after \(elapsed) ms, past the deadline: the test counts as timed out.</p>"
        } else {
            summary = "<p>The app answered <strong>\(outcome.rawValue)</strong> after \(elapsed) ms.</p>"
        }
        let query: HTML = test.callbackQuery.map { "<p class=\"muted\">Callback query: <code>\($0)</code></p>" } ?? ""
        return Page(
            title: "Callback received",
            body: """
                <section><p>Test <a href="/tests/\(test.id)">\(test.id)</a>: <span id="status" class="status \(status.rawValue)">\(status.rawValue)</span></p>
                \(summary)\(query)</section>
                """
        )
    }

    /// For a token or outcome the server does not know.
    static func unknown() -> Page {
        Page(
            title: "Unknown callback",
            body: "<section><p class=\"error\">This callback URL does not belong to any test on this server.</p></section>"
        )
    }
}
