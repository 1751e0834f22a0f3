import Foundation
import Roundtrip
import RoundtripAndroid
import RoundtripAssociatedDomains
import Testing

/// Reading, writing and linting `assetlinks.json` (Google's "Digital Asset Links" statement list
/// syntax, and Android's "Verify Android App Links" and "Add Android App Links").
struct AssetLinksTests {
    @Test func readsStatementsRelationsTargetsAndDynamicRules() throws {
        let file = try AssetLinksFile(json: AndroidFixture.bytes("assetlinks/dynamic-rules.json"))
        #expect(file.statements.count == 2)
        let app = file.statements[0]
        #expect(app.relations == [.handleAllURLs])
        #expect(app.target == .androidApp(packageName: "com.example.terminal", fingerprints: [AndroidFixture.fingerprint]))
        #expect(app.dynamicRules?.count == 4)
        #expect(app.dynamicRules?[0] == DynamicAppLinkRule(path: "/admin/*", exclude: true, comments: "the web console stays in the browser"))
        #expect(app.dynamicRules?[1].query == [.init(name: "amount", pattern: "*")])
        #expect(app.position == SourcePosition(line: 2, column: 3, offset: 4))
        #expect(file.statements[1].target == .web(site: "https://example.com"))
        #expect(file.statements[1].relations == [.getLoginCredentials])
    }

    @Test func writesAStableKeyOrderAndReadsBackTheSameFile() throws {
        let file = try AssetLinksFile(json: AndroidFixture.bytes("assetlinks/dynamic-rules.json"))
        let text = file.jsonText()
        #expect(try AssetLinksFile(json: Array(text.utf8)) == file)
        let relation = try #require(text.range(of: "\"relation\""))
        let target = try #require(text.range(of: "\"target\""))
        let extensions = try #require(text.range(of: "\"relation_extensions\""))
        #expect(relation.lowerBound < target.lowerBound && target.lowerBound < extensions.lowerBound)
        #expect(
            file.jsonText(prettyPrinted: false).hasPrefix(
                #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app""#
            )
        )
    }

    @Test func writesFingerprintsUppercaseAndColonJoined() {
        let lower = AndroidFixture.fingerprint.lowercased().replacingOccurrences(of: ":", with: "")
        let file = AssetLinksFile(statements: [
            AssetStatement(relations: [.handleAllURLs], target: .androidApp(packageName: "com.example.app", fingerprints: [lower]))
        ])
        #expect(file.jsonText(prettyPrinted: false).contains("[\"\(AndroidFixture.fingerprint)\"]"))
    }

    @Test(arguments: [
        AndroidFixture.fingerprint, AndroidFixture.fingerprint.lowercased(), AndroidFixture.fingerprint.replacingOccurrences(of: ":", with: ""),
        AndroidFixture.fingerprint.lowercased().replacingOccurrences(of: ":", with: ""),
    ])
    func readsFingerprintsInAnyCaseWithOrWithoutColons(_ text: String) throws {
        #expect(try CertificateFingerprint(text).description == AndroidFixture.fingerprint)
    }

    @Test(arguments: [
        "", "14:6D", "zz" + String(repeating: "00", count: 31), "+F" + String(repeating: "00", count: 31), String(repeating: "AB:", count: 20) + "AB",
    ])
    func rejectsWhatIsNotAFingerprint(_ text: String) {
        #expect(throws: AndroidError.self) { try CertificateFingerprint(text) }
        do {
            _ = try CertificateFingerprint(text)
        } catch {
            #expect(error.code == .invalidFingerprint)
        }
    }

    @Test(arguments: [
        ("[]", "empty-file", LintFinding.Severity.note, ""),
        (
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "web", "site": "https://example.com/"}}]"#,
            "site-trailing-slash", .warning, "[0].target.site"
        ),
        (AndroidFixture.appStatement(extra: #""extra": 1"#), "unknown-key", .warning, "[0].extra"),
        (AndroidFixture.appStatement(relation: "delegate_permission/common.HANDLE_ALL_URLS"), "relation-format", .error, "[0].relation[0]"),
        (
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5"]}}]"#,
            "fingerprint-format", .error, "[0].target.sha256_cert_fingerprints[0]"
        ),
        (#"[{"include": "http://example.com/more.json"}]"#, "include-url", .error, "[0].include"),
        (
            AndroidFixture.appStatement(
                extra: #""relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": ""}]}}"#
            ),
            "empty-expression", .warning,
            #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[0]["/"]"#
        ),
        (
            AndroidFixture.appStatement(
                extra:
                    #""relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/a", "exclude": true}]}}"#
            ),
            "exclusions-only", .warning, #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components"#
        ),
        (
            AndroidFixture.appStatement(
                extra:
                    #""relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "*"}, {"/": "/a"}]}}"#
            ),
            "unreachable-rule", .warning, #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[1]"#
        ),
        (
            AndroidFixture.appStatement(
                extra: #""relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"path": "/a"}]}}"#
            ),
            "unknown-key", .warning, #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[0].path"#
        ),
        (
            AndroidFixture.appStatement(extra: #""relation_extensions": {"delegate_permission/common.get_login_creds": {}}"#),
            "unused-extension", .warning, #"[0].relation_extensions["delegate_permission/common.get_login_creds"]"#
        ),
    ])
    func lintRules(_ json: String, _ rule: String, _ severity: LintFinding.Severity, _ path: String) {
        let findings = AssetLinksLinter.lint(Array(json.utf8))
        let finding = findings.first { $0.rule == rule }
        #expect(finding?.severity == severity, "\(findings)")
        #expect(finding?.path == path)
        #expect(finding.map { !$0.message.isEmpty } == true)
    }

    @Test func twoListsOfDynamicRulesForOneAppAreAWarning() throws {
        let statement =
            #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\#(AndroidFixture.fingerprint)"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "*"}]}}}"#
        let findings = AssetLinksLinter.lint(Array("[\(statement),\n\(statement)]".utf8))
        let finding = try #require(findings.first { $0.rule == "duplicate-dynamic-rules" })
        #expect(finding.severity == .warning)
        #expect(finding.position?.line == 2)
    }

    @Test func findingsCarryLineAndColumn() throws {
        let json = "[\n  {\"relation\": [\"Bad\"],\n   \"target\": {\"namespace\": \"web\", \"site\": \"https://example.com\"}}\n]"
        let finding = try #require(AssetLinksLinter.lint(Array(json.utf8)).first { $0.rule == "relation-format" })
        #expect(finding.position?.line == 2)
        #expect(finding.position?.column == 17)
    }

    @Test func aFileOverOneMebibyteIsNotRead() {
        let big = Array(("[" + String(repeating: " ", count: AssetLinksDecoder.maximumSize) + "]").utf8)
        let findings = AssetLinksLinter.lint(big)
        #expect(findings.map(\.rule) == ["file-size"])
    }

    @Test func deepNestingStopsBeforeItExhaustsTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let findings = AssetLinksLinter.lint(Array(deep.utf8))
        #expect(findings.map(\.rule) == ["syntax"])
    }

    @Test func theStrictReaderNamesTheFirstError() {
        do {
            _ = try AssetLinksFile(json: Array(#"[{"relation": ["x"], "target": {"namespace": "web", "site": "https://a.example"}}]"#.utf8))
            Issue.record("an invalid relation was accepted")
        } catch {
            #expect(error.code == .invalidAssetLinks)
            #expect(error.message.contains("[0].relation[0]"))
            #expect(error.message.contains("relation-format"))
            #expect(error.position?.line == 1)
        }
    }
}
