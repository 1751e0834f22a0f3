import Foundation
import RoundtripTerminal

/// The table printed after auditing a folder of `.ipa` files: one row per app.
package enum SummaryTable {
    /// One audited file: its report, or why it could not be read.
    package enum Row: Sendable {
        /// The app was audited.
        case audited(AuditReport)
        /// The file at `path` could not be read.
        case unreadable(path: String, AuditError)
    }

    /// The table as text, columns aligned, ending with a newline.
    ///
    /// - Complexity: O(*n*) in the number of rows.
    package static func render(_ rows: [Row]) -> String {
        let header = ["file", "app", "schemes", "domains", "extensions", "errors", "warnings", "notes"]
        let cells: [[String]] = rows.map { row in
            switch row {
            case .audited(let report):
                let surface = report.surface
                return [
                    fileName(report.path), surface.app.bundleID ?? "-", "\(surface.schemes.count)",
                    "\(surface.domains.count)", "\(surface.extensions.count)", "\(report.count(.error))",
                    "\(report.count(.warning))", "\(report.count(.note))",
                ]
            case .unreadable(let path, let error):
                return [fileName(path), "unreadable: \(error.code.rawValue)", "-", "-", "-", "-", "-", "-"]
            }
        }
        // Names come from the archives: escaped before the columns are measured.
        let table = [header] + cells.map { $0.map(TerminalText.escaped) }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
