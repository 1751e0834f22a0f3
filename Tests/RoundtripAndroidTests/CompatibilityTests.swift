import Foundation
import Roundtrip
import RoundtripAndroid
import RoundtripAssociatedDomains
import Testing

/// Google's Digital Asset Links compatibility tests (github.com/google/digitalassetlinks,
/// `compatibility-tests/v1`, Apache License 2.0): the statement lists of groups 2000–2300 ("web
/// statement list parsing"), with whether Google's service reads them. The fixture holds each
/// group's name, the body of its `assetlinks.json`, and the expected outcome, extracted from the
/// `.pb` text files.
struct CompatibilityTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        let name: String
        let body: String
        let valid: Bool
        let googleMessage: String?
        var testDescription: String { String(name.prefix(12)) }
    }

    static let cases: [Case] = {
        guard let bytes = try? AndroidFixture.bytes("assetlinks/compatibility-statement-lists.json"),
            let cases = try? JSONDecoder().decode([Case].self, from: Data(bytes))
        else { return [] }
        return cases
    }()

    /// Where the linter deliberately differs from the outcome of Google's list query, and what
    /// it says instead.
    static let differences: [String: (rule: String, severity: LintFinding.Severity)] = [
        // Google's query fails because it finds no statement; the file itself is well formed,
        // so it is a note here.
        "comptest2002": ("empty-file", .note),
        // A bare trailing '/' is the mistake people make most; Google rejects the site, and the
        // linter warns with the fix rather than failing the file.
        "comptest2212": ("site-trailing-slash", .warning),
    ]

    @Test func theFixtureHoldsEveryGroup() {
        #expect(CompatibilityTests.cases.count == 69)
    }

    @Test(arguments: CompatibilityTests.cases)
    func lintAgreesWithGoogle(_ testCase: Case) {
        let findings = AssetLinksLinter.lint(Array(testCase.body.utf8))
        let errors = findings.filter { $0.severity == .error }
        if let difference = CompatibilityTests.differences[String(testCase.name.prefix(12))] {
            #expect(errors.isEmpty, "\(errors)")
            #expect(findings.contains { $0.rule == difference.rule && $0.severity == difference.severity }, "\(findings)")
        } else if testCase.valid {
            #expect(errors.isEmpty, "\(testCase.name): \(errors)")
            #expect((try? AssetLinksFile(json: Array(testCase.body.utf8))) != nil)
        } else {
            #expect(!errors.isEmpty, "\(testCase.name) (Google: \(testCase.googleMessage ?? "-")) gave \(findings)")
            #expect(throws: AndroidError.self) { try AssetLinksFile(json: Array(testCase.body.utf8)) }
        }
    }
}
