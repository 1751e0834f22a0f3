import ArgumentParser
import Foundation
import RoundtripAssociatedDomains
import RoundtripTerminal

/// `roundtrip aasa lint FILE [--json]`
struct AASALintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check an association file and report every problem with its place and how to fix it.",
        discussion: """
            With --json: {"valid", "findings": [{"severity", "rule", "path", "line", "column", "message"}]}.

            Exits 0 when the file has no errors (warnings and notes allowed), 1 when it has errors \
            (a file that is not JSON is one: a finding of rule 'syntax'), 2 when it cannot be read.
            """
    )

    @Argument(help: "The apple-app-site-association file.")
    var file: String

    @OptionGroup var output: JSONOption

    func run() async throws {
        try Self.report(AssociationLinter.lint(try AASACommand.read(file)), file: file, json: output.json)
    }

    /// Prints a file's findings (one JSON object under `--json`, else one line each and a
    /// summary), then exits 1 when one is an error. Shared by `aasa lint` and `assetlinks lint`.
    static func report(_ findings: [LintFinding], file: String, json: Bool) throws {
        let valid = !findings.contains { $0.severity == .error }
        if json {
            JSONOutput.print(SpecLintCommand.LintJSON(valid: valid, findings: findings.map(SpecLintCommand.FindingJSON.init)))
        } else {
            // Findings quote the file's keys and values: escaped, so the terminal shows them.
            for finding in findings {
                print(TerminalText.escaped("\(file):\(finding)"))
            }
            let counts = LintFinding.Severity.allCases.map { severity in
                "\(findings.filter { $0.severity == severity }.count) \(severity.rawValue)s"
            }
            print(TerminalText.escaped("\(file): \(valid ? "valid" : "invalid") (\(counts.joined(separator: ", ")))"))
        }
        if !valid { throw CommandFailure.rejected() }
    }
}

extension SpecLintCommand.FindingJSON {
    /// The same finding shape as `roundtrip spec lint --json`, so scripts read both alike.
    init(_ finding: LintFinding) {
        severity = finding.severity.rawValue
        rule = finding.rule
        path = finding.path
        line = finding.position?.line
        column = finding.position?.column
        message = finding.message
    }
}
