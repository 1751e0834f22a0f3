import ArgumentParser
import Foundation
import RoundtripAssociatedDomains

/// `roundtrip aasa …`
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Lint, generate and match apple-app-site-association files, as iOS reads them.",
        subcommands: [AASALintCommand.self, AASAGenerateCommand.self, AASAMatchCommand.self]
    )

    /// Reads a file's bytes, or exits 2.
    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure.usage("cannot read \(path) (does it exist?)")
        }
        return Array(data)
    }
}

/// `roundtrip aasa lint FILE [--json]`
struct AASALintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check an association file and report every problem with its place and how to fix it.",
        discussion: "Exits 0 when the file has no errors (warnings and notes allowed), 1 when it has errors, 2 when it cannot be read or is not JSON."
    )

    @Argument(help: "The apple-app-site-association file.")
    var file: String

    @Flag(help: "Print one JSON object: {\"valid\", \"findings\": [{\"severity\", \"rule\", \"path\", \"line\", \"column\", \"message\"}]}.")
    var json = false

    func run() async throws {
        let findings = AssociationLinter.lint(try AASACommand.read(file))
        let valid = !findings.contains { $0.severity == .error }
        if json {
            JSONOutput.print(SpecLintCommand.LintJSON(valid: valid, findings: findings.map(SpecLintCommand.FindingJSON.init)))
        } else {
            for finding in findings {
                print("\(file):\(finding)")
            }
            let counts = LintFinding.Severity.allCases.map { severity in
                "\(findings.filter { $0.severity == severity }.count) \(severity.rawValue)s"
            }
            print("\(file): \(valid ? "valid" : "invalid") (\(counts.joined(separator: ", ")))")
        }
        if findings.contains(where: { $0.rule == "syntax" }) {
            throw CommandFailure(exitCode: CommandFailure.usageCode, message: "")
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

/// `roundtrip aasa match FILE URL [--app-id ID] [--json]`
struct AASAMatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Decide, as iOS does, whether a URL opens an app according to an association file, and explain why.",
        discussion: "Exits 0 when an app opens the URL, 1 when no app does or an exclude rule blocks it, 2 for an unreadable or invalid file or URL."
    )

    @Argument(help: "The apple-app-site-association file.")
    var file: String

    @Argument(help: "The URL to match, for example https://example.com/buy/42.")
    var url: String

    @Option(name: .customLong("app-id"), help: "Only consider this app (TEAMID.bundle.id).")
    var appID: String?

    @Flag(help: "Print one JSON object: {\"matched\", \"blocked\", \"appID\", \"rule\"}.")
    var json = false

    func run() async throws {
        let bytes = try AASACommand.read(file)
        let associationFile: AssociationFile
        do {
            associationFile = try AssociationFile(json: bytes)
        } catch {
            throw CommandFailure.usage("\(file):\(error.description); run 'roundtrip aasa lint \(file)' for every problem")
        }
        let matcher = AssociationMatcher(associationFile)
        let explanation: MatchExplanation
        do {
            explanation = try matcher.explain(url, appID: appID)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        let result = explanation.result
        if json {
            JSONOutput.print(MatchJSON(result))
        } else {
            print(explanation.description)
        }
        if !result.isMatched { throw CommandFailure.rejected() }
    }

    /// `{"matched": true, "blocked": false, "appID": "...", "rule": 2}`, nulls written out.
    struct MatchJSON: Encodable {
        let result: MatchResult

        init(_ result: MatchResult) { self.result = result }

        enum CodingKeys: String, CodingKey { case matched, blocked, appID, rule }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(result.isMatched, forKey: .matched)
            try container.encode(result.isBlocked, forKey: .blocked)
            try container.encode(result.appID, forKey: .appID)
            try container.encode(result.rule, forKey: .rule)
        }
    }
}

/// `roundtrip aasa generate --spec SPEC... [--domain DOMAIN]`
struct AASAGenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Print the association file for a domain, built from the universal-link routes of one or more specs.",
        discussion: "Each spec that claims the domain becomes one detail with its app-id. Exits 2 when a spec is unusable, lacks an app-id, or the domain is ambiguous or unclaimed."
    )

    @Option(name: .customLong("spec"), help: "A spec file (repeat for several apps on one domain).")
    var specs: [String] = []

    @Option(help: "The domain to generate for; required when the specs claim several.")
    var domain: String?

    func validate() throws {
        guard !specs.isEmpty else {
            throw ValidationError("give at least one --spec SPEC")
        }
    }

    func run() async throws {
        let loaded = try specs.map(SpecInput.load)
        let domains = AssociationGenerator.domains(of: loaded)
        let chosen: String
        if let domain {
            chosen = domain
        } else if domains.count == 1, let only = domains.first {
            chosen = only
        } else if domains.isEmpty {
            throw CommandFailure.usage("no spec claims a domain; add 'domains: [example.com]' under app: in the spec")
        } else {
            throw CommandFailure.usage("the specs claim several domains (\(domains.joined(separator: ", "))); choose one with --domain")
        }
        let file: AssociationFile
        do {
            file = try AssociationGenerator.generate(from: loaded, domain: chosen)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        if file.applinks?.details.isEmpty ?? true {
            FileHandle.standardError.write(Data("warning: no action of the specs has an https route on \(chosen); the file claims no URL\n".utf8))
        }
        print(file.jsonText())
    }
}
