import Foundation
import RoundtripAudit
import Testing

@Suite("Reports: JSON, SARIF 2.1.0, text, summary table")
struct ReportTests {
    static func sample() throws -> AuditReport {
        try AuditHelpers.audit(
            info: Plist.info(schemes: ["com-example-app", "http"]),
            entitlements: Plist.entitlements(domains: ["applinks:example.com", "example.org"]),
            extensions: [
                Plist.appex(
                    bundleID: "com.example.app.share",
                    point: "com.apple.share-services",
                    attributes: ["NSExtensionActivationRule": "TRUEPREDICATE"]
                )
            ]
        )
    }

    static func json(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("JSON has surface.schemes/domains/extensions and findings with rule, severity, message, location, fix")
    func jsonShape() throws {
        let object = try Self.json(Self.sample())
        let surface = try #require(object["surface"] as? [String: Any])
        for key in ["schemes", "domains", "extensions", "queriedSchemes", "documentTypes"] {
            #expect(surface[key] is [Any], "surface.\(key)")
        }
        let schemes = try #require(surface["schemes"] as? [[String: Any]])
        #expect(schemes.compactMap { $0["scheme"] as? String } == ["com-example-app", "http"])
        let domains = try #require(surface["domains"] as? [[String: Any]])
        #expect(domains.first?["service"] as? String == "applinks")
        #expect(domains.first?["host"] as? String == "example.com")
        let extensions = try #require(surface["extensions"] as? [[String: Any]])
        #expect(extensions.first?["identifier"] as? String == "com.apple.share-services")
        #expect(extensions.first?["activationRule"] as? String == "TRUEPREDICATE")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(Set(finding.keys) == ["rule", "severity", "message", "location", "fix"])
            #expect(["error", "warning", "note"].contains(finding["severity"] as? String ?? ""))
            #expect(AuditRule.named(finding["rule"] as? String ?? "") != nil)
        }
        #expect(findings.first?["severity"] as? String == "error", "errors come first")
    }

    @Test("SARIF 2.1.0: version, $schema, rules, results with ruleId, level, message.text, locations")
    func sarifShape() throws {
        let report = try Self.sample()
        let data = try SARIFReport.render([report])
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        #expect((object["$schema"] as? String)?.contains("sarif") == true)
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "roundtrip-audit")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == AuditRule.all.map(\.id))
        #expect(rules.allSatisfy { ($0["shortDescription"] as? [String: Any])?["text"] is String && $0["helpUri"] is String })
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == report.findings.count)
        for (result, finding) in zip(results, report.findings) {
            #expect(result["ruleId"] as? String == finding.rule)
            #expect(result["level"] as? String == finding.severity.rawValue)
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.hasPrefix(finding.message) == true)
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            let uri = ((location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
            #expect(uri == finding.file)
        }
        let http = try #require(results.first { $0["ruleId"] as? String == "reserved-scheme" })
        let logical = ((http["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: Any]])?.first
        #expect(logical?["fullyQualifiedName"] as? String == "CFBundleURLTypes[0].CFBundleURLSchemes[1]")
    }

    @Test("SARIF URIs are percent-encoded paths")
    func sarifURI() throws {
        var report = try Self.sample()
        report.path = "My Apps/Example.app"
        report.findings = [Finding(rule: "reserved-scheme", severity: .error, message: "m", location: "My Apps/Example.app/Info.plist:K", fix: "f")]
        let text = String(decoding: try SARIFReport.render([report]), as: UTF8.self)
        #expect(text.contains("\"uri\" : \"My%20Apps/Example.app/Info.plist\""))
        #expect(text.contains("\"uri\" : \"My%20Apps/Example.app\""))
    }

    @Test("the file of a location is the part before the key path")
    func findingFile() {
        let finding = Finding(rule: "r", severity: .note, message: "m", location: "Payload/A.app/Info.plist:CFBundleURLTypes[0]", fix: "f")
        #expect(finding.file == "Payload/A.app/Info.plist")
        #expect(Finding(rule: "r", severity: .note, message: "m", location: "A.app", fix: "f").file == "A.app")
    }

    @Test("text names the surface, each finding with its fix, and the counts")
    func text() throws {
        let text = TextReport.render(try Self.sample())
        #expect(text.contains("URL schemes (2):"))
        #expect(text.contains("applinks:example.com"))
        #expect(text.contains("com.apple.share-services"))
        #expect(text.contains("error: 'http' is reserved by Apple"))
        #expect(text.contains("[reserved-scheme]"))
        #expect(text.contains("fix: "))
        #expect(text.hasSuffix("notes\n"))
    }

    @Test("the summary table has a row per file, unreadable ones included")
    func summary() throws {
        let rows: [SummaryTable.Row] = [
            .audited(try Self.sample()),
            .unreadable(path: "/tmp/Broken.ipa", AuditError(.corruptArchive, "bad", path: "/tmp/Broken.ipa")),
        ]
        let lines = SummaryTable.render(rows).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("file"))
        #expect(lines[1].contains("com.example.app"))
        #expect(lines[2].contains("Broken.ipa"))
        #expect(lines[2].contains("unreadable: corrupt-archive"))
    }

    @Test("every rule has an id, a fix and a reference; ids are unique kebab-case")
    func catalogue() {
        #expect(Set(AuditRule.all.map(\.id)).count == AuditRule.all.count)
        for rule in AuditRule.all {
            #expect(rule.id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule.id)")
            #expect(!rule.fix.isEmpty && !rule.summary.isEmpty)
            #expect(rule.reference.hasPrefix("https://"))
        }
    }
}
