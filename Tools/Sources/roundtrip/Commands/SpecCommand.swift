import ArgumentParser
import Foundation
import Roundtrip
import RoundtripYAML

/// `roundtrip spec …`
struct SpecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spec",
        abstract: "Work with URL API description (spec) files.",
        subcommands: [SpecLintCommand.self, SpecSchemaCommand.self, SpecGenerateCommand.self, SpecDocsCommand.self]
    )
}

/// `roundtrip spec lint SPEC [--json]`
struct SpecLintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a spec file and report every problem with its place.",
        discussion: """
            With --json: {"valid", "findings": [{"severity", "rule", "path", "line", "column", "message"}]}.

            Exits 0 when the spec has no errors (warnings and notes allowed), 1 when it has errors, 2 \
            when it cannot be read or parsed.
            """
    )

    @Argument(help: "The spec file (YAML or JSON).")
    var spec: String

    @OptionGroup var output: JSONOption

    func run() async throws {
        let diagnostics: [SpecDiagnostic]
        var unreadable = false
        do {
            diagnostics = try SpecLoader.load(contentsOf: spec).diagnostics
        } catch {
            diagnostics = error.diagnostics
            unreadable = error.isUnreadable
        }
        let valid = !diagnostics.contains { $0.severity == .error }
        // An unreadable spec is reported once: as the one JSON object on stdout with --json,
        // otherwise on stderr alone, with exit code 2 either way.
        if output.json {
            JSONOutput.print(LintJSON(valid: valid, findings: diagnostics.map(FindingJSON.init)))
            if unreadable { throw CommandFailure(exitCode: CommandFailure.usageCode, message: "") }
        } else if unreadable {
            throw CommandFailure.usage("\(spec) cannot be read as a spec:\n" + diagnostics.map { "\(spec):\($0)" }.joined(separator: "\n"))
        } else {
            for diagnostic in diagnostics {
                print("\(spec):\(diagnostic)")
            }
            let counts = SpecDiagnostic.Severity.allCases.map { severity in
                "\(diagnostics.filter { $0.severity == severity }.count) \(severity.rawValue)s"
            }
            print("\(spec): \(valid ? "valid" : "invalid") (\(counts.joined(separator: ", ")))")
        }
        if !valid { throw CommandFailure.rejected() }
    }

    struct LintJSON: Encodable {
        let valid: Bool
        let findings: [FindingJSON]
    }

    struct FindingJSON: Encodable {
        let severity: String
        let rule: String
        let path: String
        let line: Int?
        let column: Int?
        let message: String

        init(_ diagnostic: SpecDiagnostic) {
            severity = diagnostic.severity.rawValue
            rule = diagnostic.rule
            path = diagnostic.keyPath
            line = diagnostic.line
            column = diagnostic.column
            message = diagnostic.message
        }
    }
}
