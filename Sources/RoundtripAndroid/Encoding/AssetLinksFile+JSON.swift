import RoundtripAssociatedDomains

extension AssetLinksFile {
    /// The file as JSON text, in a stable key order (`relation`, `target`,
    /// `relation_extensions`; `namespace` first in a target; a rule's `/`, `?`, `#`, `exclude`,
    /// `comments`), with every fingerprint that can be read written in the one form Google's
    /// verifier accepts: 32 uppercase hexadecimal bytes joined by colons. Decoding it gives an
    /// equal file (up to that normalisation).
    ///
    /// - Parameter prettyPrinted: Two-space indentation (the default), or compact text.
    /// - Complexity: O(*n*) in the size of the file.
    public func jsonText(prettyPrinted: Bool = true) -> String {
        JSONOutputValue.array(statements.map(\.jsonValue)).text(prettyPrinted: prettyPrinted) + (prettyPrinted ? "\n" : "")
    }

    /// The file as UTF-8 JSON bytes (see ``jsonText(prettyPrinted:)``).
    public func jsonBytes(prettyPrinted: Bool = true) -> [UInt8] {
        Array(jsonText(prettyPrinted: prettyPrinted).utf8)
    }
}

extension AssetStatement {
    var jsonValue: JSONOutputValue {
        if let include { return .object([("include", .string(include))]) }
        var members: [(String, JSONOutputValue)] = [("relation", .array(relations.map { .string($0.description) }))]
        if let target { members.append(("target", target.jsonValue)) }
        if let dynamicRules {
            members.append(
                (
                    "relation_extensions",
                    .object([
                        (
                            AssetRelation.handleAllURLs.description,
                            .object([("dynamic_app_link_components", .array(dynamicRules.map(\.jsonValue)))])
                        )
                    ])
                )
            )
        }
        return .object(members)
    }
}

extension AssetTarget {
    var jsonValue: JSONOutputValue {
        switch self {
        case .web(let site):
            return .object([("namespace", .string("web")), ("site", .string(site))])
        case .androidApp(let packageName, let fingerprints):
            let written = fingerprints.map { text in (try? CertificateFingerprint(text)).map(\.description) ?? text }
            return .object([
                ("namespace", .string("android_app")),
                ("package_name", .string(packageName)),
                ("sha256_cert_fingerprints", .array(written.map(JSONOutputValue.string))),
            ])
        }
    }
}

extension DynamicAppLinkRule {
    var jsonValue: JSONOutputValue {
        var members: [(String, JSONOutputValue)] = []
        if let path { members.append(("/", .string(path))) }
        if let query { members.append(("?", .object(query.map { ($0.name, .string($0.pattern)) }))) }
        if let fragment { members.append(("#", .string(fragment))) }
        if exclude { members.append(("exclude", .bool(true))) }
        if let comments { members.append(("comments", .string(comments))) }
        return .object(members)
    }
}
