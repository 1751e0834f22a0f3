import Foundation
import Roundtrip
import RoundtripAssociatedDomains
import RoundtripAudit
import RoundtripToolsTestSupport
import RoundtripYAML
import Testing

/// The sample apps of `Examples/Apps`, which readers copy from: their committed Info.plists and
/// entitlements, audited with their own specs, have no finding of severity error, and the
/// association file generated from the point of sale's spec sends the terminal's answers to it.
@Suite("Sample apps' plists")
struct SampleAppTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let folder: String
        let spec: String
        let entitlements: String?
        /// Every finding the audit reports, as `rule at location`, so a new finding is a decision,
        /// not a surprise.
        let findings: [String]
        var testDescription: String { folder }

        func path(_ file: String) -> String {
            CommandLineRunner.repositoryRoot.appendingPathComponent("Examples/Apps/\(folder)/\(file)").path
        }

        func loadSpec() throws -> Spec {
            try SpecLoader.load(contentsOf: path(spec)).spec
        }

        func audit(aasaPath: String? = nil) throws -> AuditReport {
            let auditor = try Auditor(spec: loadSpec(), specPath: spec, aasaPath: aasaPath)
            return auditor.audit(try AuditTarget.load(path: path("Info.plist"), entitlementsPath: entitlements.map(path)))
        }
    }

    /// Each app warns of the same trade-off, which the samples' README explains: an action that
    /// also answers at a custom scheme, without signatures (the point of sale's fallback return
    /// route, the terminal's charge).
    static let pointOfSale = Sample(
        folder: "PointOfSale",
        spec: "point-of-sale.yaml",
        entitlements: "PointOfSale.entitlements",
        findings: ["universal-link-fits at point-of-sale.yaml:actions.open-sale.url"]
    )
    static let cardTerminal = Sample(
        folder: "CardTerminal",
        spec: "card-terminal.yaml",
        entitlements: nil,
        findings: ["universal-link-fits at card-terminal.yaml:actions.charge.url"]
    )

    @Test("no finding of severity error, with the app's own spec", arguments: [pointOfSale, cardTerminal])
    func noErrors(_ sample: Sample) throws {
        let report = try sample.audit()
        let errors = report.findings.filter { $0.severity == .error }
        #expect(!report.hasErrors, "\(errors.map { "\($0.rule): \($0.message)" })")
        #expect(report.findings.map { "\($0.rule) at \($0.location)" } == sample.findings)
        #expect(report.findings.allSatisfy { $0.severity == .warning })
    }

    @Test("the point of sale's generated association file names it, and claims the path the terminal answers at")
    func theAssociationFileSendsTheAnswersToThePointOfSale() throws {
        let sample = Self.pointOfSale
        let spec = try sample.loadSpec()
        let file = try AssociationGenerator.generate(from: [spec], domain: "pos.example.com")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let aasa = try folder.write(Data(file.jsonText().utf8), to: "apple-app-site-association")
        let report = try sample.audit(aasaPath: aasa)
        #expect(!report.findings.contains { $0.rule == "aasa-missing-app-id" })
        #expect(!report.hasErrors)

        let answer = "https://pos.example.com/roundtrip/sale?invoiceNumber=INV-7&rt-state=AAAAAAAAAAAAAAAAAAAAAA&terminal_responseType=approved"
        let result = try AssociationMatcher(file).match(answer)
        #expect(result.isMatched)
        #expect(result.appID == spec.app.appID)
        #expect(result.appID == "ABCDE12345.com.example.roundtrip.pos")
    }
}
