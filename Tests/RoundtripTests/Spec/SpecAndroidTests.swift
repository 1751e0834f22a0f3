import Roundtrip
import RoundtripYAML
import Testing

/// `app.android`: the Android app's package names and signing certificates, read with exact
/// errors, fingerprints kept in the one form Digital Asset Links accepts.
@Suite("Spec: app.android")
struct SpecAndroidTests {
    /// Google's example fingerprint ("Verify Android App Links"), in the canonical form.
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func yaml(_ android: String) -> String {
        "roundtrip: 1\napp: {name: A, domains: [a.example.com], android: {\(android)}}\nactions: {}\n"
    }

    @Test func theSectionIsReadIntoTheAppDescription() throws {
        let spec = try SpecLoader.load(
            yaml: Self.yaml(
                "package: com.example.a, sha256-cert-fingerprints: [\"\(Self.fingerprint)\"], login-credentials: true, dynamic-rules: true"
            )
        ).spec
        #expect(
            spec.app.android
                == AndroidApp(packages: ["com.example.a"], certificateFingerprints: [Self.fingerprint], loginCredentials: true, dynamicRules: true)
        )
    }

    @Test func withoutTheSectionThereIsNoAndroidApp() throws {
        let spec = try SpecLoader.load(yaml: "roundtrip: 1\napp: {name: A}\nactions: {}\n").spec
        #expect(spec.app.android == nil)
    }

    @Test func packagesListsBuildVariantsAndFlagsDefaultToFalse() throws {
        let spec = try SpecLoader.load(
            yaml: Self.yaml("packages: [com.example.a, com.example.a.debug], sha256-cert-fingerprints: \(Self.fingerprint)")
        ).spec
        let android = try #require(spec.app.android)
        #expect(android.packages == ["com.example.a", "com.example.a.debug"])
        #expect(!android.loginCredentials && !android.dynamicRules)
    }

    /// People copy fingerprints from keytool (colons, uppercase) or from other tools (bare,
    /// lowercase); Google's verifier accepts only uppercase bytes joined by colons.
    @Test(
        "a fingerprint is read in any case, with or without colons, and kept uppercase and colon-joined",
        arguments: [
            fingerprint, fingerprint.lowercased(), fingerprint.replacingOccurrences(of: ":", with: ""),
            fingerprint.replacingOccurrences(of: ":", with: "").lowercased(),
        ]
    )
    func fingerprintForms(_ written: String) throws {
        let spec = try SpecLoader.load(yaml: Self.yaml("package: com.example.a, sha256-cert-fingerprints: [\"\(written)\"]")).spec
        #expect(spec.app.android?.certificateFingerprints == [Self.fingerprint])
    }

    @Test(
        "a fingerprint that is not 32 bytes of hexadecimal is refused, saying why",
        arguments: [
            ("14:6D:E9", "'14:6D:E9' has 3 bytes; a SHA-256 certificate fingerprint has 32 (a SHA-1 fingerprint has 20: use the SHA-256 one)"),
            (
                String(fingerprint.prefix(59)),
                "'\(fingerprint.prefix(59))' has 20 bytes; a SHA-256 certificate fingerprint has 32 (a SHA-1 fingerprint has 20: use the SHA-256 one)"
            ),
            (
                "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:G5",
                "is not a SHA-256 certificate fingerprint; write 32 bytes in hexadecimal, such as 14:6D:E9:…:E5 (keytool -list -v prints it)"
            ),
            (
                "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E",
                "is not a SHA-256 certificate fingerprint"
            ),
            ("SHA256:146DE9", "is not a SHA-256 certificate fingerprint"),
        ]
    )
    func badFingerprint(written: String, message: String) {
        let diagnostic = specLoadError(
            Self.yaml("package: com.example.a, sha256-cert-fingerprints: [\(Self.fingerprint), \"\(written)\"]"),
            rule: "invalid-fingerprint",
            path: "app.android.sha256-cert-fingerprints[1]"
        )
        #expect(diagnostic?.message.contains(message) == true, "\(String(describing: diagnostic?.message))")
    }

    @Test(
        "package names follow Android's applicationId rule",
        arguments: ["example", "com.1example", "com..example", "com.example.", "com.exa-mple", "_com.example", "com.example.é"]
    )
    func badPackage(_ name: String) {
        let diagnostic = specLoadError(
            Self.yaml("package: \"\(name)\", sha256-cert-fingerprints: \(Self.fingerprint)"),
            rule: "invalid-package",
            path: "app.android.package"
        )
        #expect(
            diagnostic?.message
                == "'\(name)' is not an Android package name; write two or more parts separated by dots, each a letter then letters, digits or _ (com.example.app)"
        )
    }

    @Test(arguments: ["com.example.a", "A.b", "com.example_1.a2", "x.y.z.w"])
    func goodPackage(_ name: String) {
        #expect(AndroidApp.isValidPackageName(name))
    }

    @Test(
        "each refusal of the section, at its path, in its words",
        arguments: [
            (
                "sha256-cert-fingerprints: \(fingerprint)", "missing-key", "app.android.package",
                "the Android app needs a 'package' (its applicationId), or 'packages'"
            ),
            (
                "package: com.example.a",
                "missing-key",
                "app.android.sha256-cert-fingerprints",
                "Android verifies the app by its signing certificate: add 'sha256-cert-fingerprints' (keytool -list -v, or Play Console's App signing page)"
            ),
            (
                "package: com.example.a, sha256-cert-fingerprints: []", "empty-value", "app.android.sha256-cert-fingerprints",
                "list at least one SHA-256 certificate fingerprint"
            ),
            (
                "package: com.example.a, packages: [com.example.b], sha256-cert-fingerprints: \(fingerprint)",
                "invalid-value",
                "app.android.packages",
                "write 'package' for one package name or 'packages' for several, not both"
            ),
            ("packages: [], sha256-cert-fingerprints: \(fingerprint)", "empty-value", "app.android.packages", "list at least one package name"),
            (
                "packages: [com.example.a, com.example.a], sha256-cert-fingerprints: \(fingerprint)",
                "duplicate-value",
                "app.android.packages[1]",
                "the package 'com.example.a' is listed twice"
            ),
            (
                "package: com.example.a, sha256-cert-fingerprints: [\(fingerprint), \(fingerprint.lowercased())]",
                "duplicate-value",
                "app.android.sha256-cert-fingerprints[1]",
                "the fingerprint \(fingerprint) is listed twice"
            ),
            (
                "package: com.example.a, sha256-cert-fingerprints: \(fingerprint), dynamic-rules: sometimes",
                "wrong-type",
                "app.android.dynamic-rules",
                "expected true or false, found 'sometimes'"
            ),
            (
                "package: com.example.a, sha256-cert-fingerprints: \(fingerprint), sha1: x",
                "unknown-key",
                "app.android.sha1",
                "unknown key 'sha1'; allowed here: package, packages, sha256-cert-fingerprints, login-credentials, dynamic-rules"
            ),
        ]
    )
    func refusals(android: String, rule: String, path: String, message: String) {
        let diagnostic = specLoadError(Self.yaml(android), rule: rule, path: path)
        #expect(diagnostic?.message == message)
    }

    @Test func theSectionIsAMapping() {
        let yaml = "roundtrip: 1\napp: {name: A, android: com.example.a}\nactions: {}\n"
        let diagnostic = specLoadError(yaml, rule: "wrong-type", path: "app.android")
        #expect(diagnostic?.message == "expected a mapping (key: value pairs)")
    }
}

/// `android-pattern-differs`: a route whose path Android's non-backtracking globs read
/// differently from Apple's `?*`, named with both meanings.
@Suite("Spec lint: routes Android reads differently from iOS")
struct SpecLinterAndroidTests {
    static func findings(_ routes: String, android: Bool = true) throws -> [SpecDiagnostic] {
        let section = android ? ", android: {package: com.example.a, sha256-cert-fingerprints: \(SpecAndroidTests.fingerprint)}" : ""
        let yaml = """
            roundtrip: 1
            app: {name: A, domains: [a.example.com]\(section)}
            actions:
              x: {url: \(routes), convention: none}

            """
        return try SpecLoader.load(yaml: yaml).diagnostics.filter { $0.rule == "android-pattern-differs" }
    }

    @Test func aPlaceholderBeforeMoreSegmentsIsNamedWithBothMeanings() throws {
        let findings = try Self.findings("['https://a.example.com/items/:id', 'https://a.example.com/items/:id/detail']")
        #expect(findings.map(\.keyPath) == ["actions.x.url[1]"])
        #expect(findings.first?.severity == .warning)
        #expect(
            findings.first?.message
                == "iOS and Android read '/items/:id/detail' differently: on iOS ':id' matches any characters, '/' included (the AASA pattern ?* backtracks), so https://a.example.com/items/a/b/detail opens the app, which refuses it (unknown-route); on Android it matches one segment (Android's path globs never backtrack: .* stops at the first '/'), so that URL stays in the browser"
        )
    }

    @Test func twoPlaceholdersAreNamedTogether() throws {
        let findings = try Self.findings("'https://a.example.com/:shop/:item/:rest*'")
        #expect(
            findings.first?.message.hasPrefix("iOS and Android read '/:shop/:item/:rest*' differently: on iOS ':shop' and ':item' match any") == true
        )
        #expect(findings.first?.message.contains("https://a.example.com/a/b/a/b/c opens the app") == true)
    }

    @Test(
        "a route both platforms read alike, a custom scheme, or a spec without an Android app is not flagged",
        arguments: [
            ("'https://a.example.com/items/:id'", true), ("'https://a.example.com/items/:path*'", true),
            ("'https://a.example.com/items/detail'", true), ("'a://items/:id/detail'", true),
            ("'https://a.example.com/items/:id/detail'", false),
        ]
    )
    func notFlagged(routes: String, android: Bool) throws {
        #expect(try Self.findings(routes, android: android).isEmpty)
    }
}
