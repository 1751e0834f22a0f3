import Roundtrip
import RoundtripAssociatedDomains

/// Lints `assetlinks.json` files: every syntax and schema problem the decoder finds, and the
/// mistakes that make a valid file do less than intended.
///
/// Findings share ``LintFinding`` with the apple-app-site-association linter, so a tool reports
/// both files alike. Rule codes are stable:
///
/// | Rule | Severity | Meaning |
/// |---|---|---|
/// | `file-size` | error | over 1 MiB, not read |
/// | `syntax` | error | not strict JSON (RFC 8259) |
/// | `schema` | error | a value of the wrong type, or the root is not an array |
/// | `empty-file` | note | an empty array: valid, but it verifies nothing |
/// | `missing-relation`, `missing-target` | error | a statement without them |
/// | `relation-format` | error | not `kind/detail` of `[a-z0-9_.]` |
/// | `target-namespace` | error | no namespace, or not `web` / `android_app` |
/// | `missing-site`, `site-format` | error | a web target without a bare http(s) origin |
/// | `site-trailing-slash` | warning | a site ending in a bare `/` |
/// | `missing-package-name`, `package-name-format` | error | an app target without a valid package |
/// | `missing-fingerprints`, `fingerprint-format` | error | no fingerprint, or not 32 uppercase colon-joined bytes |
/// | `include-with-fields`, `include-url` | error | an include statement with a relation or target, or a URL that is not https |
/// | `unknown-key`, `duplicate-key` | warning | ignored keys |
/// | `unused-extension` | warning | `relation_extensions` for a relation the statement does not grant |
/// | `empty-expression` | warning | a dynamic rule's empty pattern |
/// | `exclusions-only` | warning | dynamic rules that only exclude: no URL opens the app |
/// | `unreachable-rule` | warning | a dynamic rule after a catch-all, never consulted |
/// | `duplicate-dynamic-rules` | warning | two lists of dynamic rules for one app |
public enum AssetLinksLinter {
    /// Lints a file.
    ///
    /// - Returns: Findings in file order; the file is valid when none is an error.
    /// - Complexity: O(*n*) in the size of the file (dynamic rules are compared with their
    ///   neighbours only, and apps by a dictionary).
    public static func lint(_ bytes: [UInt8]) -> [LintFinding] {
        let decoded = AssetLinksDecoder.decode(bytes)
        guard let file = decoded.file else { return decoded.findings }
        return decoded.findings + lint(file)
    }

    /// The findings about a file's meaning: what the decoder cannot see one value at a time.
    public static func lint(_ file: AssetLinksFile) -> [LintFinding] {
        var findings: [LintFinding] = []
        if file.statements.isEmpty {
            findings.append(
                LintFinding(
                    .note,
                    rule: "empty-file",
                    message: "the file is an empty array: valid, but it verifies no app for this host"
                )
            )
        }
        var rulesByPackage: [String: Int] = [:]
        for (index, statement) in file.statements.enumerated() {
            guard let rules = statement.dynamicRules else { continue }
            let path = "[\(index)].relation_extensions[\"\(AssetRelation.handleAllURLs)\"].dynamic_app_link_components"
            if let package = statement.target?.packageName {
                if let earlier = rulesByPackage[package] {
                    findings.append(
                        LintFinding(
                            .warning,
                            rule: "duplicate-dynamic-rules",
                            path: path,
                            position: statement.position,
                            message:
                                "statement \(earlier) already gives dynamic rules for \(package); Android reads one list per app, so merge them into one list in one statement"
                        )
                    )
                } else {
                    rulesByPackage[package] = index
                }
            }
            if !rules.isEmpty, rules.allSatisfy(\.exclude) {
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "exclusions-only",
                        path: path,
                        position: statement.position,
                        message:
                            "every dynamic rule excludes, and a URL no rule matches stays in the browser too, so no URL of this host opens the app; end the list with {\"/\": \"*\"} to open the rest"
                    )
                )
            }
            if let catchAll = rules.firstIndex(where: \.isCatchAll), catchAll + 1 < rules.count {
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "unreachable-rule",
                        path: path + "[\(catchAll + 1)]",
                        position: rules[catchAll + 1].position,
                        message:
                            "rule \(catchAll) matches every URL and the first match decides, so the \(rules.count - catchAll - 1) rule(s) after it are never consulted; move them before it"
                    )
                )
            }
        }
        return findings
    }
}
