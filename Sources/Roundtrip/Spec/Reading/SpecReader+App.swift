/// The `app` section: the app's name, schemes and domains.
extension SpecReader {
    mutating func readApp(_ node: DocumentNode) -> AppDescription {
        let fields = mapping(node, TopLevelKey.app.name, keys: AppKey.self) ?? .none
        let name = nonEmptyString(fields[.name], "app.name") ?? ""
        if fields[.name] == nil { error("missing-key", Self.join(TopLevelKey.app.name, AppKey.name), node, "the app needs a 'name'") }
        checkNameCharacters(name, "app.name", fields[.name], what: "the app's name")
        let appID = nonEmptyString(fields[.appID], "app.app-id")
        let schemes = stringList(fields[.schemes], "app.schemes") ?? []
        for (index, scheme) in schemes.enumerated() where !SpecReader.isValidScheme(scheme) {
            error(
                "invalid-scheme",
                "app.schemes[\(index)]",
                fields[.schemes],
                "'\(scheme)' is not a URL scheme (a letter, then letters, digits, '+', '-' or '.')"
            )
        }
        let domains = stringList(fields[.domains], "app.domains") ?? []
        for (index, domain) in domains.enumerated() where !SpecReader.isValidDomain(domain) {
            error(
                "invalid-domain",
                "app.domains[\(index)]",
                fields[.domains],
                Self.invalidDomainMessage(domain)
            )
        }
        return AppDescription(
            name: name,
            appID: appID,
            schemes: schemes,
            domains: domains,
            description: string(fields[.description], "app.description"),
            services: readServices(fields, appID: appID),
            android: fields[.android].flatMap { readAndroid($0) }
        )
    }

    static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.utf8.first, URLSplit.isAlpha(first) else { return false }
        return scheme.utf8.allSatisfy { URLSplit.isAlpha($0) || URLSplit.isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    static func isValidDomain(_ domain: String) -> Bool {
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, domain.utf8.count <= 253 else { return false }
        return labels.enumerated().allSatisfy { index, label in
            if index == 0, label == "*" { return true }  // applinks:*.example.com
            return !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { URLSplit.isAlpha($0) || URLSplit.isDigit($0) || $0 == 0x2D }
        }
    }
}
