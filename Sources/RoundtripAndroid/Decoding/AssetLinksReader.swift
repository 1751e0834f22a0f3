import Foundation
import Roundtrip
import RoundtripAssociatedDomains

/// Walks the JSON tree of an `assetlinks.json` file into the model, recording a finding with its
/// JSON path and position for every problem, so one run reports them all.
///
/// The rules are those of Google's Digital Asset Links statement list syntax and of its public
/// compatibility tests (`google/digitalassetlinks`, `compatibility-tests/v1`): a statement needs a
/// relation array and a target; an `include` statement takes no relation or target; a web target
/// is a bare http(s) origin; an app target has a package name and uppercase colon-joined SHA-256
/// fingerprints. Unknown keys are ignored by Google's parser, so they are warnings here.
struct AssetLinksReader {
    private(set) var findings: [LintFinding] = []

    static let statementKeys = ["relation", "target", "include", "relation_extensions"]
    static let webTargetKeys = ["namespace", "site"]
    static let appTargetKeys = ["namespace", "package_name", "sha256_cert_fingerprints"]
    static let extensionKeys = ["dynamic_app_link_components"]
    static let ruleKeys = ["/", "?", "#", "exclude", "comments"]

    mutating func readFile(_ root: DocumentNode) -> AssetLinksFile? {
        guard let elements = root.elements else {
            error(
                "schema",
                root,
                path: "",
                "the file must be one JSON array of statements, not \(root.typeName); write [{\"relation\": [...], \"target\": {...}}]"
            )
            return nil
        }
        var file = AssetLinksFile()
        for (index, element) in elements.enumerated() {
            if let statement = readStatement(element, path: "[\(index)]") { file.statements.append(statement) }
        }
        return file
    }

    // MARK: Statements

    private mutating func readStatement(_ node: DocumentNode, path: String) -> AssetStatement? {
        guard let members = object(node, path: path, what: "each statement") else { return nil }
        let fields = knownMembers(members, known: AssetLinksReader.statementKeys, path: path, where: "a statement")
        if let include = fields["include"] {
            if let other = members.first(where: { $0.key == "relation" || $0.key == "target" || $0.key == "relation_extensions" }) {
                findings.append(
                    LintFinding(
                        .error,
                        rule: "include-with-fields",
                        path: ModelReader.keyPath(path, other.key),
                        position: other.keyPosition,
                        message:
                            "an include statement takes no '\(other.key)' (Google's verifier rejects the file); move the relation and target into a statement of their own"
                    )
                )
            }
            guard let url = string(include.value, path: ModelReader.keyPath(path, "include")) else { return nil }
            checkIncludeURL(url, node: include.value, path: ModelReader.keyPath(path, "include"))
            return AssetStatement(include: url, position: node.position)
        }
        var relations: [AssetRelation] = []
        if let relation = fields["relation"] {
            relations = readRelations(relation.value, path: ModelReader.keyPath(path, "relation"))
        } else {
            error(
                "missing-relation",
                node,
                path: path,
                "the statement has no relation array specified; add \"relation\": [\"delegate_permission/common.handle_all_urls\"]"
            )
        }
        var target: AssetTarget?
        if let targetMember = fields["target"] {
            target = readTarget(targetMember.value, path: ModelReader.keyPath(path, "target"))
        } else {
            error(
                "missing-target",
                node,
                path: path,
                "the statement has no target specified; add \"target\": {\"namespace\": \"android_app\", \"package_name\": ..., \"sha256_cert_fingerprints\": [...]}"
            )
        }
        var rules: [DynamicAppLinkRule]?
        if let extensions = fields["relation_extensions"] {
            rules = readExtensions(extensions.value, path: ModelReader.keyPath(path, "relation_extensions"), relations: relations)
        }
        guard let target else { return nil }
        return AssetStatement(relations: relations, target: target, dynamicRules: rules, position: node.position)
    }

    private mutating func readRelations(_ node: DocumentNode, path: String) -> [AssetRelation] {
        guard let elements = array(node, path: path, what: "relation") else { return [] }
        var relations: [AssetRelation] = []
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)[\(index)]"
            guard let text = string(element, path: elementPath) else { continue }
            guard let relation = AssetRelation(text) else {
                error(
                    "relation-format",
                    element,
                    path: elementPath,
                    "'\(text)' is an invalid relation string; write kind/detail, each part of lowercase letters, digits, '_' and '.', such as delegate_permission/common.handle_all_urls"
                )
                continue
            }
            relations.append(relation)
        }
        if elements.isEmpty {
            error("missing-relation", node, path: path, "the relation array is empty; name at least one relation")
        }
        return relations
    }

    // MARK: Targets

    private mutating func readTarget(_ node: DocumentNode, path: String) -> AssetTarget? {
        guard let members = object(node, path: path, what: "the target (an asset descriptor)") else { return nil }
        guard let namespaceMember = members.last(where: { $0.key == "namespace" }) else {
            error("target-namespace", node, path: path, "the target has no namespace; write \"namespace\": \"android_app\" or \"web\"")
            return nil
        }
        guard let namespace = string(namespaceMember.value, path: ModelReader.keyPath(path, "namespace")) else { return nil }
        switch namespace {
        case "web":
            let fields = knownMembers(members, known: AssetLinksReader.webTargetKeys, path: path, where: "a web target")
            guard let site = fields["site"] else {
                error("missing-site", node, path: path, "the web target has no site field; add \"site\": \"https://example.com\"")
                return nil
            }
            let sitePath = ModelReader.keyPath(path, "site")
            guard let text = string(site.value, path: sitePath) else { return nil }
            checkSite(text, node: site.value, path: sitePath)
            return .web(site: text)
        case "android_app":
            let fields = knownMembers(members, known: AssetLinksReader.appTargetKeys, path: path, where: "an android_app target")
            var packageName: String?
            if let member = fields["package_name"] {
                let memberPath = ModelReader.keyPath(path, "package_name")
                if let text = string(member.value, path: memberPath) {
                    packageName = text
                    if !AssetLinksReader.isPackageName(text) {
                        error(
                            "package-name-format",
                            member.value,
                            path: memberPath,
                            "'\(text)' is an invalid package name; write the applicationId, such as com.example.app (letters, digits and '_', segments joined by '.', each starting with a letter)"
                        )
                    }
                }
            } else {
                error("missing-package-name", node, path: path, "the android_app target has no package_name field; add the app's applicationId")
            }
            let fingerprints = readFingerprints(fields["sha256_cert_fingerprints"], target: node, path: path)
            guard let packageName else { return nil }
            return .androidApp(packageName: packageName, fingerprints: fingerprints)
        default:
            error(
                "target-namespace",
                namespaceMember.value,
                path: ModelReader.keyPath(path, "namespace"),
                "'\(namespace)' is an unrecognized namespace; Digital Asset Links knows \"android_app\" and \"web\""
            )
            return nil
        }
    }

    private mutating func readFingerprints(_ member: DocumentNode.Member?, target: DocumentNode, path: String) -> [String] {
        guard let member else {
            error(
                "missing-fingerprints",
                target,
                path: path,
                "the android_app target has no sha256_cert_fingerprints; add the SHA-256 fingerprint of the app signing key (Play App Signing's, not the upload key)"
            )
            return []
        }
        let listPath = ModelReader.keyPath(path, "sha256_cert_fingerprints")
        guard let elements = array(member.value, path: listPath, what: "sha256_cert_fingerprints") else { return [] }
        if elements.isEmpty {
            error(
                "missing-fingerprints",
                member.value,
                path: listPath,
                "sha256_cert_fingerprints must contain at least one certificate fingerprint; add the app signing key's"
            )
        }
        var fingerprints: [String] = []
        for (index, element) in elements.enumerated() {
            let elementPath = "\(listPath)[\(index)]"
            guard let text = string(element, path: elementPath) else { continue }
            fingerprints.append(text)
            guard !CertificateFingerprint.isCanonical(text) else { continue }
            var message = "'\(text)' is a malformed certificate fingerprint; "
            if let parsed = try? CertificateFingerprint(text) {
                message += "Google's verifier reads only 32 uppercase hexadecimal bytes joined by colons: write \(parsed)"
            } else {
                message += "write the 32 bytes of the SHA-256 fingerprint in uppercase hexadecimal joined by colons (keytool -list -v prints it)"
            }
            error("fingerprint-format", element, path: elementPath, message)
        }
        return fingerprints
    }

    /// An Android package name (Android's `<manifest>` element, `package` attribute): segments
    /// joined by `.`, each a letter then letters, digits or `_`.
    static func isPackageName(_ text: String) -> Bool {
        // On bytes (every name of a file is checked): each segment an ASCII letter, then ASCII
        // letters, digits and underscores.
        let segments = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return !text.isEmpty
            && segments.allSatisfy { segment in
                guard let first = segment.first, URLSplit.isAlpha(first) else { return false }
                return segment.allSatisfy { URLSplit.isAlpha($0) || URLSplit.isDigit($0) || $0 == UInt8(ascii: "_") }
            }
    }

    // MARK: Sites and include URLs

    /// A web target's site: an origin only (Digital Asset Links, "web" namespace: scheme, host
    /// and port; Google's compatibility tests reject login information, a path, a query and a
    /// fragment). A bare trailing `/` is only a warning.
    private mutating func checkSite(_ text: String, node: DocumentNode, path: String) {
        guard let url = AssetLinksReader.httpURL(text) else {
            error(
                "site-format",
                node,
                path: path,
                "'\(text)' is not a valid http(s) URL; write the origin only, such as https://example.com"
            )
            return
        }
        var problems: [String] = []
        if url.user != nil || url.password != nil { problems.append("login information") }
        if url.query != nil { problems.append("query parameters") }
        if url.fragment != nil { problems.append("fragment identifiers") }
        let sitePath = url.percentEncodedPath
        if !sitePath.isEmpty, sitePath != "/" { problems.append("a path") }
        if !problems.isEmpty {
            error(
                "site-format",
                node,
                path: path,
                "the site '\(text)' cannot contain \(problems.joined(separator: ", ")); write the origin only, such as \(url.scheme ?? "https")://\(url.host ?? "example.com")"
            )
        } else if sitePath == "/" {
            findings.append(
                LintFinding(
                    .warning,
                    rule: "site-trailing-slash",
                    path: path,
                    position: node.position,
                    message: "the site '\(text)' ends with '/'; Google's verifier reads a site as an origin without a path, so remove the '/'"
                )
            )
        }
    }

    private mutating func checkIncludeURL(_ text: String, node: DocumentNode, path: String) {
        guard let url = AssetLinksReader.httpURL(text) else {
            error("include-url", node, path: path, "'\(text)' is not a valid http(s) URL; include the https URL of another statement list")
            return
        }
        if url.scheme?.lowercased() != "https" {
            error(
                "include-url",
                node,
                path: path,
                "'\(text)' is insecure: a file served over https may include only https statement lists (Google rejects an insecure URL in the fetch stack of a secure asset)"
            )
        }
    }

    /// The URL when `text` is an absolute http or https URL with a host and a port in range.
    static func httpURL(_ text: String) -> URLComponents? {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        if let port = url.port, !(0...65535).contains(port) { return nil }
        return url
    }

    // MARK: Dynamic rules

    private mutating func readExtensions(_ node: DocumentNode, path: String, relations: [AssetRelation]) -> [DynamicAppLinkRule]? {
        guard let members = object(node, path: path, what: "relation_extensions") else { return nil }
        var rules: [DynamicAppLinkRule]?
        let lastKeys = ModelReader.lastKeys(members)
        for member in members {
            let memberPath = ModelReader.keyPath(path, member.key)
            if let last = lastKeys[member.key], last != member.keyPosition.offset {
                duplicateKey(member, path: path)
                continue
            }
            guard let relation = AssetRelation(member.key), relations.contains(relation) else {
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "unused-extension",
                        path: memberPath,
                        position: member.keyPosition,
                        message:
                            "relation_extensions names '\(member.key)', which is not a relation of this statement, so Android ignores it; key it by a relation in \"relation\""
                    )
                )
                continue
            }
            guard let fields = object(member.value, path: memberPath, what: "a relation extension") else { continue }
            let known = knownMembers(fields, known: AssetLinksReader.extensionKeys, path: memberPath, where: "a relation extension")
            guard relation == .handleAllURLs, let components = known["dynamic_app_link_components"] else { continue }
            rules = readRules(components.value, path: ModelReader.keyPath(memberPath, "dynamic_app_link_components"))
        }
        return rules
    }

    private mutating func readRules(_ node: DocumentNode, path: String) -> [DynamicAppLinkRule]? {
        guard let elements = array(node, path: path, what: "dynamic_app_link_components") else { return nil }
        var rules: [DynamicAppLinkRule] = []
        for (index, element) in elements.enumerated() {
            let rulePath = "\(path)[\(index)]"
            guard let members = object(element, path: rulePath, what: "each dynamic rule") else { continue }
            let fields = knownMembers(members, known: AssetLinksReader.ruleKeys, path: rulePath, where: "a dynamic rule")
            var rule = DynamicAppLinkRule(position: element.position)
            for member in members where fields[member.key]?.keyPosition == member.keyPosition {
                let memberPath = ModelReader.keyPath(rulePath, member.key)
                switch member.key {
                case "/":
                    rule.path = expression(member.value, path: memberPath)
                case "#":
                    rule.fragment = expression(member.value, path: memberPath)
                case "?":
                    guard let items = object(member.value, path: memberPath, what: "'?' (query item name to value pattern)") else { continue }
                    var patterns: [DynamicAppLinkRule.QueryItemPattern] = []
                    for item in items {
                        if let pattern = expression(item.value, path: ModelReader.keyPath(memberPath, item.key)) {
                            patterns.append(DynamicAppLinkRule.QueryItemPattern(name: item.key, pattern: pattern))
                        }
                    }
                    rule.query = patterns
                case "exclude":
                    if let flag = member.value.bool {
                        rule.exclude = flag
                    } else {
                        error(
                            "schema",
                            member.value,
                            path: memberPath,
                            "exclude must be true or false (a JSON Boolean), not \(member.value.typeName)"
                        )
                    }
                default:
                    rule.comments = string(member.value, path: memberPath)
                }
            }
            rules.append(rule)
        }
        return rules
    }

    /// A rule's pattern; an empty one is a warning (it matches only an empty part).
    private mutating func expression(_ node: DocumentNode, path: String) -> String? {
        guard let text = string(node, path: path) else { return nil }
        if text.isEmpty {
            findings.append(
                LintFinding(
                    .warning,
                    rule: "empty-expression",
                    path: path,
                    position: node.position,
                    message: "the pattern is empty, so it matches only an empty value; write \"*\" to match any value, or remove the key"
                )
            )
        }
        return text
    }

    // MARK: Typed access

    /// The known members by key (the last of repeated keys), reporting unknown and repeated keys.
    private mutating func knownMembers(
        _ members: [DocumentNode.Member],
        known: [String],
        path: String,
        where place: String
    ) -> [String: DocumentNode.Member] {
        // A statement's objects have a handful of members: scanning the ones after a key for its
        // repeat is cheaper than hashing every key. A large object is hashed once, so the work
        // stays linear (at most 16 × 16 comparisons otherwise).
        let lastKeys = members.count > 16 ? ModelReader.lastKeys(members) : nil
        var result: [String: DocumentNode.Member] = [:]
        result.reserveCapacity(min(members.count, known.count))
        for (index, member) in members.enumerated() {
            guard known.contains(member.key) else {
                var message = "'\(member.key)' is not a key Android reads in \(place), so it is ignored"
                if let suggestion = ModelReader.suggestion(for: member.key, among: known) {
                    message += "; did you mean '\(suggestion)'?"
                }
                findings.append(
                    LintFinding(
                        .warning,
                        rule: "unknown-key",
                        path: ModelReader.keyPath(path, member.key),
                        position: member.keyPosition,
                        message: message
                    )
                )
                continue
            }
            let isRepeatedLater =
                lastKeys.map { $0[member.key] != member.keyPosition.offset }
                ?? members[(index + 1)...].contains { $0.key == member.key }
            if isRepeatedLater {
                duplicateKey(member, path: path)
                continue
            }
            result[member.key] = member
        }
        return result
    }

    private mutating func duplicateKey(_ member: DocumentNode.Member, path: String) {
        findings.append(ModelReader.duplicateKeyFinding(member, path: path))
    }

    private mutating func object(_ node: DocumentNode, path: String, what: String) -> [DocumentNode.Member]? {
        if let members = node.members { return members }
        error("schema", node, path: path, "\(what) must be a JSON object, not \(node.typeName)")
        return nil
    }

    private mutating func array(_ node: DocumentNode, path: String, what: String) -> [DocumentNode]? {
        if let elements = node.elements { return elements }
        error("schema", node, path: path, "\(what) is not an array (it is \(node.typeName)); wrap it in [ ]")
        return nil
    }

    private mutating func string(_ node: DocumentNode, path: String) -> String? {
        if let text = node.string { return text }
        error("schema", node, path: path, "\(path) must be a string, not \(node.typeName)")
        return nil
    }

    private mutating func error(_ rule: String, _ node: DocumentNode, path: String, _ message: String) {
        findings.append(LintFinding(.error, rule: rule, path: path, position: node.position, message: message))
    }
}
