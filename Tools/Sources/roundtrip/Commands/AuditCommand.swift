import ArgumentParser
import Foundation
import Roundtrip
import RoundtripAudit
import RoundtripTerminal

/// `roundtrip audit PATH [--format text|json|sarif] [--spec SPEC] [--aasa FILE] [--entitlements FILE]`
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Report an iOS app's URL attack surface from its Info.plist, entitlements, .app or .ipa.",
        discussion: """
            PATH is an Info.plist or entitlements plist (XML or binary), an .app folder, an .ipa, or a \
            folder of .ipa files (each is audited, with a progress line on stderr, then a summary table). \
            Exits 0 when there is no finding of severity error, 1 when there is, 2 when an input cannot be read.
            """
    )

    /// Output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    @Argument(help: "An Info.plist, entitlements plist, .app folder, .ipa, or a folder of .ipa files.")
    var path: String

    @Option(help: "Output: text for people, json for scripts, sarif for code scanning.")
    var format: Format = .text

    @Option(help: "A spec whose schemes, domains and app-id must agree with the bundle.")
    var spec: String?

    @Option(help: "An apple-app-site-association file that must name the bundle's app ID.")
    var aasa: String?

    @Option(help: "An entitlements plist for the main app (with a loose Info.plist).")
    var entitlements: String?

    func run() async throws {
        let loadedSpec = try spec.map(SpecInput.load)
        let auditor: Auditor
        do {
            auditor = try Auditor(spec: loadedSpec, specPath: spec ?? "spec", aasaPath: aasa)
        } catch {
            throw CommandFailure.usage(error.description)
        }
        if ArchiveFolder.isArchiveFolder(path) {
            try auditFolder(auditor)
            return
        }
        let report: AuditReport
        do {
            report = auditor.audit(try AuditTarget.load(path: path, entitlementsPath: entitlements))
        } catch {
            throw CommandFailure.usage(TerminalText.escaped(error.description))
        }
        try write([report])
        if report.hasErrors { throw CommandFailure.rejected() }
    }

    private func auditFolder(_ auditor: Auditor) throws {
        let folder: ArchiveFolder
        do {
            folder = try ArchiveFolder(path: path)
        } catch {
            throw CommandFailure.usage(TerminalText.escaped(error.description))
        }
        guard !folder.archives.isEmpty else {
            throw CommandFailure.usage("\(path): a folder with no .ipa files (pass an .app, an .ipa, a plist, or a folder of .ipa files)")
        }
        var rows: [SummaryTable.Row] = []
        for (index, archive) in folder.archives.enumerated() {
            let name = URL(fileURLWithPath: archive).lastPathComponent
            FileHandle.standardError.write(Data(TerminalText.escaped("[\(index + 1)/\(folder.archives.count)] \(name)").utf8 + [0x0A]))
            do {
                rows.append(.audited(auditor.audit(try AuditTarget.load(path: archive))))
            } catch {
                FileHandle.standardError.write(Data(TerminalText.escaped("error: \(error.description)").utf8 + [0x0A]))
                rows.append(.unreadable(path: archive, error))
            }
        }
        let reports = rows.compactMap { row -> AuditReport? in
            if case .audited(let report) = row { return report }
            return nil
        }
        switch format {
        case .text:
            print(SummaryTable.render(rows), terminator: "")
        case .json:
            JSONOutput.print(FolderJSON(path: path, rows: rows))
        case .sarif:
            try write(reports)
        }
        if reports.count < rows.count { throw CommandFailure(exitCode: CommandFailure.usageCode, message: "") }
        if reports.contains(where: \.hasErrors) { throw CommandFailure.rejected() }
    }

    private func write(_ reports: [AuditReport]) throws {
        switch format {
        case .text:
            print(reports.map(TextReport.render).joined(separator: "\n"), terminator: "")
        case .json:
            if let report = reports.first { JSONOutput.print(report) }
        case .sarif:
            FileHandle.standardOutput.write(try SARIFReport.render(reports) + Data("\n".utf8))
        }
    }

    /// `{"path": DIR, "apps": [report | {"path", "error": {"code", "message", "path"}}]}`.
    struct FolderJSON: Encodable {
        let path: String
        let rows: [SummaryTable.Row]

        enum CodingKeys: String, CodingKey { case path, apps }
        enum FailureKeys: String, CodingKey { case path, error }
        enum ErrorKeys: String, CodingKey { case code, message, path }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            var apps = container.nestedUnkeyedContainer(forKey: .apps)
            for row in rows {
                switch row {
                case .audited(let report):
                    try apps.encode(report)
                case .unreadable(let file, let error):
                    var failure = apps.nestedContainer(keyedBy: FailureKeys.self)
                    try failure.encode(file, forKey: .path)
                    var details = failure.nestedContainer(keyedBy: ErrorKeys.self, forKey: .error)
                    try details.encode(error.code.rawValue, forKey: .code)
                    try details.encode(error.message, forKey: .message)
                    try details.encode(error.path, forKey: .path)
                }
            }
        }
    }
}
