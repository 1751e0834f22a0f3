import Foundation
import HummingbirdTesting
import RoundtripServer
import Testing

/// The pages in a real browser: Debian's headless chromium against a live loopback server.
/// Screenshots land in ``HeadlessChromium/screenshotFolder`` for a person to look at.
@Suite(
    "Browser",
    .serialized,
    .enabled(if: HeadlessChromium.find() != nil, "chromium is not installed (apt-get install -y chromium); the browser tests are skipped")
)
struct BrowserTests {
    @Test("home, test, history, inspector and checker pages render in chromium")
    func pagesRender() async throws {
        let browser = try #require(HeadlessChromium.find())
        try await ServerFixture.app().test(.live) { client in
            let base = "http://127.0.0.1:\(try #require(client.port))"
            let home = try await browser.dumpDOM(base + "/")
            #expect(home.contains("Test a Universal Link Callback"))
            #expect(home.contains("terminal.example.com"))

            let created = try await client.post("/api/ulc-tests", json: #"{"target": "https://terminal.example.com/logout"}"#)
            let id = try #require(created.json["id"] as? String)
            let pending = try await browser.dumpDOM(base + "/tests/" + id)
            #expect(pending.contains("pending"))
            #expect(pending.contains("shown once") && !pending.contains("<svg"))

            let link = try #require(created.json["link"] as? String)
            // The page right after creating a run is the one with the QR code: render it as the
            // browser received it, and decode the code as a phone sees it (zbar, when installed).
            let shown = try await client.post("/tests", form: [("target", "https://terminal.example.com/logout")])
            let shownFile = HeadlessChromium.screenshotFolder.appendingPathComponent("test-page.html")
            try FileManager.default.createDirectory(at: HeadlessChromium.screenshotFolder, withIntermediateDirectories: true)
            try Data(shown.text.utf8).write(to: shownFile)
            try await browser.screenshot(shownFile.absoluteString, to: HeadlessChromium.screenshotFolder.appendingPathComponent("test-page.png"))
            if let decoded = QRScanner.decode(HeadlessChromium.screenshotFolder.appendingPathComponent("test-page.png")) {
                let shownLink = try #require(shown.text.firstMatch(of: #/<textarea id="link" rows="5" readonly>([^<]+)</#)?.output.1)
                #expect(decoded == String(shownLink).replacingOccurrences(of: "&amp;", with: "&"))
            }
            _ = try await client.get(try TesterAPITests.path(of: TesterAPITests.callback("ulc-success", in: link)))
            let done = try await browser.dumpDOM(base + "/tests/" + id)
            #expect(done.contains("status success"))

            let history = try await browser.dumpDOM(base + "/tests")
            #expect(history.contains(id))
            try await browser.screenshot(base + "/tests", to: HeadlessChromium.screenshotFolder.appendingPathComponent("history.png"))
            try await browser.screenshot(base + "/", to: HeadlessChromium.screenshotFolder.appendingPathComponent("home.png"))
            try await browser.screenshot(base + "/inspect", to: HeadlessChromium.screenshotFolder.appendingPathComponent("inspector.png"))
            try await browser.screenshot(base + "/aasa-check", to: HeadlessChromium.screenshotFolder.appendingPathComponent("aasa-checker.png"))
            try await browser.screenshot(
                base + "/assetlinks-check",
                to: HeadlessChromium.screenshotFolder.appendingPathComponent("assetlinks-checker.png")
            )
            for name in ["test-page", "history", "home", "inspector", "aasa-checker", "assetlinks-checker"] {
                let file = HeadlessChromium.screenshotFolder.appendingPathComponent(name + ".png").path
                let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
                #expect(size > 5_000, "\(name).png should be a real screenshot")
            }
        }
    }
}
