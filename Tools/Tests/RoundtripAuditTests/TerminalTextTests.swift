import Foundation
import RoundtripAudit
import RoundtripTerminal
import Testing

/// Text output shows the control and bidirectional characters of its inputs as escapes, so a file
/// or a server cannot drive the terminal or fake a line of a report.
@Suite struct TerminalTextTests {
    @Test(
        "every character a terminal acts on is written as an escape; the rest is left as is",
        arguments: [
            ("plain text, ünïcode, emoji 🙂", "plain text, ünïcode, emoji 🙂"),
            ("\u{1B}]0;title\u{07}", "\\u{1B}]0;title\\u{07}"),
            ("a\nb\tc\rd\u{0}", "a\\u{0A}b\\u{09}c\\u{0D}d\\u{00}"),
            ("del\u{7F} c1\u{80}\u{9B}\u{9F} nbsp\u{A0}", "del\\u{7F} c1\\u{80}\\u{9B}\\u{9F} nbsp\u{A0}"),
            ("\u{202A}\u{202E}x\u{2066}\u{2069}\u{2029}", "\\u{202A}\\u{202E}x\\u{2066}\\u{2069}\u{2029}"),
            ("", ""),
        ] as [(String, String)]
    )
    func escaped(_ text: String, _ shown: String) {
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test("an audit's text report escapes names and values from the app, and keeps its lines")
    func auditReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-terminal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let info: [String: Any] = [
            "CFBundleIdentifier": "com.example.app",
            "CFBundleName": "Evil\u{1B}[2J\nfix: nothing to see",
            "CFBundleURLTypes": [["CFBundleURLSchemes": ["evil\u{202E}lave", "ok-scheme\u{9B}31m"]]],
        ]
        let path = folder.appendingPathComponent("Info.plist").path
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0).write(to: URL(fileURLWithPath: path))
        let text = TextReport.render(try Auditor().audit(try AuditTarget.load(path: path)))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
        #expect(text.contains("Evil\\u{1B}[2J\\u{0A}fix: nothing to see"))
        #expect(text.contains("evil\\u{202E}lave"))
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("fix: nothing") })
    }

    @Test("the summary of a folder escapes file names before it lines up its columns")
    func summaryTable() {
        let table = SummaryTable.render([.unreadable(path: "Releases/evil\u{1B}[2J\n.ipa", AuditError(.corruptArchive, "bad", path: "x"))])
        let lines = table.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix("evil\\u{1B}[2J\\u{0A}.ipa  unreadable: corrupt-archive"))
        #expect(lines[0].hasPrefix("file" + String(repeating: " ", count: "evil\\u{1B}[2J\\u{0A}.ipa".count - 4) + "  app"))
    }
}
