import Foundation

/// Renders reports as SARIF 2.1.0 for code-scanning dashboards: one run per report, the rule
/// catalogue in `tool.driver.rules`, one result per finding.
///
/// See https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html
package enum SARIFReport {
    /// The SARIF version written.
    package static let version = "2.1.0"
    /// The schema URI written in `$schema`.
    package static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The SARIF log of one or more reports, as JSON bytes (keys sorted).
    ///
    /// - Throws: An `EncodingError` only if Foundation fails to encode plain strings.
    package static func render(_ reports: [AuditReport]) throws -> Data {
        let log = Log(runs: reports.map(Run.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return try encoder.encode(log)
    }

    /// SARIF `level` for a severity: `error`, `warning`, `note`.
    static func level(_ severity: Severity) -> String { severity.rawValue }

    private struct Log: Encodable {
        let version = SARIFReport.version
        let schema = SARIFReport.schema
        let runs: [Run]

        enum CodingKeys: String, CodingKey {
            case version, runs
            case schema = "$schema"
        }
    }

    private struct Run: Encodable {
        let tool: Tool
        let results: [Result]
        let artifacts: [Artifact]

        init(_ report: AuditReport) {
            tool = Tool()
            results = report.findings.map(Result.init)
            artifacts = [Artifact(location: ArtifactLocation(uri: report.path))]
        }
    }

    private struct Tool: Encodable {
        let driver = Driver()
    }

    private struct Driver: Encodable {
        let name = "roundtrip-audit"
        let informationUri = "https://mas.owasp.org/MASTG/"
        let rules = AuditRule.all.map(Rule.init)
    }

    private struct Rule: Encodable {
        let id: String
        let shortDescription: Text
        let help: Text
        let helpUri: String
        let defaultConfiguration: Configuration
        /// `tags`: the OWASP MASTG test ids (v1 and v2) of a deep-link rule; absent otherwise.
        let properties: Properties?

        init(_ rule: AuditRule) {
            id = rule.id
            shortDescription = Text(text: rule.summary)
            help = Text(text: rule.fix)
            helpUri = rule.reference
            defaultConfiguration = Configuration(level: SARIFReport.level(rule.severity))
            properties = rule.mastgTests.isEmpty ? nil : Properties(tags: ["security"] + rule.mastgTests)
        }
    }

    /// A SARIF property bag (section 3.8); `tags` is the standard key for labels.
    private struct Properties: Encodable { let tags: [String] }

    private struct Configuration: Encodable { let level: String }
    private struct Text: Encodable { let text: String }

    private struct Result: Encodable {
        let ruleId: String
        let level: String
        let message: Text
        let locations: [Location]

        init(_ finding: Finding) {
            ruleId = finding.rule
            level = SARIFReport.level(finding.severity)
            message = Text(text: finding.message + ". Fix: " + finding.fix)
            let keyPath = finding.location == finding.file ? nil : String(finding.location.dropFirst(finding.file.count + 1))
            locations = [
                Location(
                    physicalLocation: PhysicalLocation(artifactLocation: ArtifactLocation(uri: finding.file)),
                    logicalLocations: keyPath.map { [LogicalLocation(fullyQualifiedName: $0)] }
                )
            ]
        }
    }

    private struct Location: Encodable {
        let physicalLocation: PhysicalLocation
        let logicalLocations: [LogicalLocation]?
    }

    private struct PhysicalLocation: Encodable { let artifactLocation: ArtifactLocation }
    /// A file as a URI reference: the path, percent-encoded where a URI needs it (spaces…).
    private struct ArtifactLocation: Encodable {
        let uri: String

        init(uri path: String) {
            uri = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        }
    }
    private struct Artifact: Encodable { let location: ArtifactLocation }
    private struct LogicalLocation: Encodable { let fullyQualifiedName: String }
}
