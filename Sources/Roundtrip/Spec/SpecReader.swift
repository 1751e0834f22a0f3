import Foundation

/// Walks a parsed document (YAML or JSON) into a ``Spec``, recording a diagnostic for every
/// problem.
struct SpecReader {
    private(set) var diagnostics: [SpecDiagnostic] = []
    /// Patterns and date formats compiled so far, by their text: a spec repeats them across
    /// actions, and each compiles once.
    private var patterns: [String: ValuePattern] = [:]
    private var dateFormats: [String: DateFormat] = [:]
    /// Where each action's routes were written, by the action's index among those read and in
    /// route order, so a conflict the router finds between actions is reported at its route.
    private var routeSites: [[RouteSite]] = []
    /// Where one of an action's routes was written, so that a finding about the route points at it.
    private struct RouteSite {
        /// The route's index when the action's `url` is a list.
        let item: Int?
        /// The route's node; the action's own for a route derived from its name.
        let node: DocumentNode?

        /// The key path of the route in the action at `actionPath`, made only for a message.
        func path(of actionPath: String) -> String {
            item.map { "\(actionPath).url[\($0)]" } ?? "\(actionPath).url"
        }
    }

    /// Parameter definitions already read without a finding, for the spec's repeats.
    private var repeatedDefinitions: RepeatedDefinitions

    /// Creates a reader for a document parsed from `source`, when the front end records where each
    /// value's text ends (JSON), so that repeated definitions are recognised by their text.
    init(source: [UInt8]? = nil) {
        repeatedDefinitions = RepeatedDefinitions(source: source)
    }

    /// A pattern, compiled once per text.
    ///
    /// A cached one is reused only for the same bytes: Swift's `String` equality is canonical
    /// equivalence (`"é"` equals `"e\u{301}"`), but a pattern matches Unicode scalars, so
    /// two such patterns accept different values.
    private mutating func pattern(_ source: String) throws(RoundtripError) -> ValuePattern {
        if let compiled = patterns[source] {
            if compiled.source.utf8.elementsEqual(source.utf8) { return compiled }
            return try ValuePattern(source)
        }
        let compiled = try ValuePattern(source)
        patterns[source] = compiled
        return compiled
    }

    /// A date format, compiled once per text (reused only for the same bytes, as patterns are).
    private mutating func dateFormat(_ text: String) throws(RoundtripError) -> DateFormat {
        if let compiled = dateFormats[text] {
            if compiled.pattern.utf8.elementsEqual(text.utf8) { return compiled }
            return try DateFormat(text)
        }
        let compiled = try DateFormat(text)
        dateFormats[text] = compiled
        return compiled
    }

    // MARK: - Diagnostics

    mutating func error(_ rule: String, _ path: @autoclosure () -> String, _ node: DocumentNode?, _ message: String) {
        diagnostics.append(
            SpecDiagnostic(severity: .error, rule: rule, keyPath: path(), line: node?.position.line, column: node?.position.column, message: message)
        )
    }

    mutating func warning(_ rule: String, _ path: @autoclosure () -> String, _ node: DocumentNode?, _ message: String) {
        diagnostics.append(
            SpecDiagnostic(
                severity: .warning,
                rule: rule,
                keyPath: path(),
                line: node?.position.line,
                column: node?.position.column,
                message: message
            )
        )
    }

    /// A node standing for a mapping key, so a diagnostic about the key points at it.
    static func keyNode(_ member: DocumentNode.Member) -> DocumentNode {
        DocumentNode(value: .string(member.key), position: member.keyPosition)
    }

    /// Reports each key that a mapping repeats (YAML and JSON both forbid it; the first
    /// occurrence would otherwise be silently lost). Returns the members to use.
    ///
    /// - Complexity: O(*n*²) in the number of keys, which beats hashing for the handful of keys
    ///   a spec's mappings have; a set past 16.
    private mutating func distinctMembers(_ members: [DocumentNode.Member], _ path: @autoclosure () -> String) -> [DocumentNode.Member] {
        guard members.count > 1 else { return members }
        // Usually no key repeats: then the members are returned as they are, uncopied.
        if members.count <= 16, !Self.repeatsAKey(members) { return members }
        var result: [DocumentNode.Member] = []
        result.reserveCapacity(members.count)
        var seen = members.count > 16 ? Set<String>(minimumCapacity: members.count) : nil
        for member in members {
            let isRepeat = if let seen { seen.contains(member.key) } else { result.contains { $0.key == member.key } }
            if isRepeat {
                error(
                    "duplicate-key",
                    Self.join(path(), member.key),
                    Self.keyNode(member),
                    "a mapping repeats the key '\(member.key)'; keep one of them"
                )
            } else {
                result.append(member)
                seen?.insert(member.key)
            }
        }
        return result
    }

    /// Whether two of a few members share a key.
    private static func repeatsAKey(_ members: [DocumentNode.Member]) -> Bool {
        members.indices.dropFirst().contains { index in members[..<index].contains { $0.key == members[index].key } }
    }

    // MARK: - Typed access

    /// The node as a mapping of `Key`s, reporting repeated keys and those not among `allowed`
    /// (every key of the kind when `nil`).
    mutating func mapping<Key: SpecKey>(
        _ node: DocumentNode,
        _ path: @autoclosure () -> String,
        keys: Key.Type,
        allowed: [Key]? = nil
    ) -> SpecFields<Key>? {
        guard let members = node.members else {
            error("wrong-type", path(), node, "expected a mapping (key: value pairs)")
            return nil
        }
        let distinct = distinctMembers(members, path())
        func known(_ member: DocumentNode.Member) -> Key? {
            guard let key = Key.byName[member.key], allowed?.contains(key) ?? true else { return nil }
            return key
        }
        // Usually the fields are the mapping's own members, uncopied; one with more members than
        // the fields can index has unknown keys among them, and keeps only its known ones.
        let isCompacted = distinct.count > SpecFields<Key>.memberCapacity
        var fields = SpecFields<Key>(isCompacted ? distinct.filter { known($0) != nil } : distinct)
        var knownCount = 0
        for (index, member) in distinct.enumerated() {
            if let key = known(member) {
                _ = fields.record(key, at: isCompacted ? knownCount : index)
                knownCount += 1
                continue
            }
            let names = (allowed ?? Key.allCases).map(\.name)
            let hint = NameSuggestion.closest(to: member.key, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            error(
                "unknown-key",
                Self.join(path(), member.key),
                Self.keyNode(member),
                "unknown key '\(member.key)'\(hint); allowed here: \(names.joined(separator: ", "))"
            )
        }
        return fields
    }

    /// The members of a mapping whose keys are user names (actions, parameters, keys), in file
    /// order, with repeated and empty names reported and left out.
    mutating func namedEntries(_ node: DocumentNode, _ path: @autoclosure () -> String) -> [DocumentNode.Member] {
        guard let members = node.members else {
            error("wrong-type", path(), node, "expected a mapping of names to definitions")
            return []
        }
        let distinct = distinctMembers(members, path())
        // Usually every name is given: then the members are returned as they are, uncopied.
        guard distinct.contains(where: { $0.key.isEmpty }) else { return distinct }
        for member in distinct where member.key.isEmpty {
            error("wrong-type", path(), Self.keyNode(member), "names must be non-empty strings")
        }
        return distinct.filter { !$0.key.isEmpty }
    }

    mutating func string(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> String? {
        guard let node else { return nil }
        guard let text = node.scalarText else {
            error("wrong-type", path(), node, "expected a single value, not a list or mapping")
            return nil
        }
        return text
    }

    mutating func nonEmptyString(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> String? {
        guard let value = string(node, path()) else { return nil }
        if value.isEmpty {
            error("empty-value", path(), node, "must not be empty")
            return nil
        }
        return value
    }

    mutating func bool(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> Bool? {
        guard let node, let text = string(node, path()) else { return nil }
        switch text {
        case "true", "yes", "True", "TRUE": return true
        case "false", "no", "False", "FALSE": return false
        default:
            error("wrong-type", path(), node, "expected true or false, found '\(text)'")
            return nil
        }
    }

    mutating func int(_ node: DocumentNode?, _ path: @autoclosure () -> String, minimum: Int = 0) -> Int? {
        guard let node, let text = string(node, path()) else { return nil }
        guard let value = Int(text), value >= minimum else {
            error("wrong-type", path(), node, "expected a whole number ≥ \(minimum), found '\(text)'")
            return nil
        }
        return value
    }

    mutating func decimal(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> Decimal? {
        guard let node, let text = string(node, path()) else { return nil }
        guard let value = SpecNumber.decimal(text) else {
            error("wrong-type", path(), node, "expected a number such as 12.50 or 1e3, below 10^38 with at most 38 digits, found '\(text)'")
            return nil
        }
        return value
    }

    mutating func stringList(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> [String]? {
        guard let node else { return nil }
        if node.scalarText != nil, let single = string(node, path()) { return [single] }
        guard let sequence = node.elements else {
            error("wrong-type", path(), node, "expected a list")
            return nil
        }
        var values: [String] = []
        for (index, item) in sequence.enumerated() {
            if let value = string(item, "\(path())[\(index)]") { values.append(value) }
        }
        return values
    }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: DocumentNode?, _ path: @autoclosure () -> String, _: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        guard let node, let text = string(node, path()) else { return nil }
        guard let value = Choice(rawValue: text) else {
            error("invalid-value", path(), node, "'\(text)' is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        return value
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    // MARK: - The spec

    mutating func readSpec(_ root: DocumentNode) -> Spec? {
        guard
            let top = mapping(root, "", keys: TopLevelKey.self)
        else { return nil }
        if let versionNode = top[.roundtrip] {
            if let version = int(versionNode, "roundtrip"), version != 1 {
                error("unsupported-version", "roundtrip", versionNode, "this Roundtrip reads spec version 1, not \(version)")
            }
        } else {
            error("missing-key", "roundtrip", root, "the spec must start with 'roundtrip: 1'")
        }
        guard let appNode = top[.app] else {
            error("missing-key", "app", root, "the spec must describe the 'app' (name, schemes, domains)")
            return nil
        }
        let app = readApp(appNode)
        var callbacks: [CallbackBase]?
        if let node = top[.callbacks], let entries = stringList(node, "callbacks") {
            callbacks = []
            for (index, entry) in entries.enumerated() {
                do {
                    callbacks?.append(try CallbackBase(entry))
                } catch {
                    self.error("invalid-callback-base", "callbacks[\(index)]", node, error.message)
                }
            }
        }
        var sources = SourcePolicy()
        if let node = top[.sources] { sources = readSources(node, "sources") }
        let signatures = choice(top[.signatures], "signatures", SignatureRequirement.self) ?? .off
        var keys: [SigningKeyDescription] = []
        if let node = top[.keys] { keys = readKeys(node) }
        let answerContext = readAnswerContext(top, keys: keys, callbacks: callbacks)
        let queryEncoding = choice(top[.queryEncoding], "query-encoding", QueryEncoding.self) ?? .rfc3986
        var actions: [Action] = []
        if let actionsNode = top[.actions] {
            for member in namedEntries(actionsNode, "actions") {
                let (name, keyNode, node) = (member.key, Self.keyNode(member), member.value)
                checkNameCharacters(name, "actions.\(name)", keyNode, what: "the action name")
                if let action = readAction(
                    name: name,
                    keyNode: keyNode,
                    node: node,
                    app: app,
                    sources: sources,
                    signatures: signatures,
                    queryEncoding: queryEncoding,
                    answerContext: answerContext
                ) {
                    actions.append(action)
                }
            }
        } else {
            error("missing-key", "actions", root, "the spec declares no 'actions'")
        }
        var spec = Spec(
            app: app,
            callbacks: callbacks,
            sources: sources,
            signatures: signatures,
            keys: keys,
            queryEncoding: queryEncoding,
            actions: actions
        )
        (spec.answers, spec.callbackMatch) = (answerContext.answers, answerContext.callbackMatch)
        for action in actions where action.signatures != .off && keys.isEmpty {
            error(
                "signatures-without-keys",
                "actions.\(action.name).signatures",
                nil,
                "signatures are '\(action.signatures)' but the spec declares no 'keys'"
            )
        }
        do {
            spec.routerForActions = try Router(locating: actions)
        } catch {
            let name = actions[error.actionIndex].name
            let sites = error.actionIndex < routeSites.count ? routeSites[error.actionIndex] : []
            let site = error.routeIndex < sites.count ? sites[error.routeIndex] : nil
            self.error(
                "duplicate-route",
                site?.path(of: "actions.\(name)") ?? "actions.\(name).url",
                site?.node ?? top[.actions],
                error.error.message
            )
        }
        return spec
    }

    mutating func readApp(_ node: DocumentNode) -> AppDescription {
        let fields = mapping(node, "app", keys: AppKey.self) ?? .none
        let name = nonEmptyString(fields[.name], "app.name") ?? ""
        if fields[.name] == nil { error("missing-key", "app.name", node, "the app needs a 'name'") }
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
                "'\(domain)' is not a host name; write the domain alone, without 'applinks:', scheme, port or path"
            )
        }
        return AppDescription(
            name: name,
            appID: appID,
            schemes: schemes,
            domains: domains,
            description: string(fields[.description], "app.description")
        )
    }

    mutating func readSources(_ node: DocumentNode, _ path: String) -> SourcePolicy {
        let fields = mapping(node, path, keys: SourcesKey.self) ?? .none
        return SourcePolicy(
            allow: stringList(fields[.allow], Self.join(path, "allow")),
            deny: stringList(fields[.deny], Self.join(path, "deny")) ?? [],
            unknown: choice(fields[.unknown], Self.join(path, "unknown"), SourcePolicy.Unknown.self) ?? .allow
        )
    }

    mutating func readKeys(_ node: DocumentNode) -> [SigningKeyDescription] {
        var keys: [SigningKeyDescription] = []
        for member in namedEntries(node, "keys") {
            let (id, keyNode) = (member.key, member.value)
            let path = "keys.\(id)"
            guard let fields = mapping(keyNode, path, keys: SigningKeyKey.self) else { continue }
            guard let algorithm = choice(fields[.algorithm], Self.join(path, "algorithm"), SignatureAlgorithm.self) else {
                if fields[.algorithm] == nil {
                    error("missing-key", Self.join(path, "algorithm"), keyNode, "a key needs an 'algorithm' (hmac-sha256 or ed25519)")
                }
                continue
            }
            switch algorithm {
            case .hmacSHA256:
                if let variable = nonEmptyString(fields[.secretEnv], Self.join(path, "secret-env")) {
                    checkEnvironmentName(variable, Self.join(path, "secret-env"), fields[.secretEnv])
                    keys.append(SigningKeyDescription(id: id, algorithm: algorithm, material: .secretEnvironment(variable)))
                } else if let account = nonEmptyString(fields[.keychain], Self.join(path, "keychain")) {
                    keys.append(SigningKeyDescription(id: id, algorithm: algorithm, material: .keychain(account)))
                } else {
                    error(
                        "missing-key",
                        path,
                        keyNode,
                        "an hmac-sha256 key needs 'secret-env' (an environment variable) or 'keychain'; never put a secret in the spec"
                    )
                }
                if fields[.publicKey] != nil {
                    error(
                        "invalid-key",
                        Self.join(path, "public-key"),
                        fields[.publicKey],
                        "hmac-sha256 keys are shared secrets; 'public-key' is for ed25519"
                    )
                }
            case .ed25519:
                guard let text = nonEmptyString(fields[.publicKey], Self.join(path, "public-key")) else {
                    if fields[.publicKey] == nil {
                        error(
                            "missing-key",
                            Self.join(path, "public-key"),
                            keyNode,
                            "an ed25519 key needs 'public-key': the base64 of the raw 32-byte key"
                        )
                    }
                    continue
                }
                guard let bytes = Base64URL.decodeLenient(text), bytes.count == 32 else {
                    error("invalid-key", Self.join(path, "public-key"), fields[.publicKey], "the public key must be base64 of exactly 32 raw bytes")
                    continue
                }
                keys.append(SigningKeyDescription(id: id, algorithm: algorithm, material: .publicKey(bytes)))
            }
        }
        return keys
    }

    // MARK: - Actions

    mutating func readAction(
        name: String,
        keyNode: DocumentNode,
        node: DocumentNode,
        app: AppDescription,
        sources: SourcePolicy,
        signatures: SignatureRequirement,
        queryEncoding: QueryEncoding,
        answerContext: AnswerContext = AnswerContext()
    ) -> Action? {
        let path = "actions.\(name)"
        guard
            let fields = mapping(node, path, keys: ActionKey.self)
        else { return nil }
        guard let convention = choice(fields[.convention], Self.join(path, "convention"), Convention.self) else {
            if fields[.convention] == nil {
                error("missing-key", Self.join(path, "convention"), node, "the action needs a 'convention': x-callback-url, ulc, return-url or none")
            }
            return nil
        }
        var routes: [RoutePattern] = []
        // Where each route was written: a list item's own path and node, so a finding about one
        // route points at it.
        var sites: [RouteSite] = []
        if let urlNode = fields[.url] {
            // One route, or a list of routes that all lead to the action.
            var texts: [(text: String, site: RouteSite)] = []
            if let elements = urlNode.elements {
                if elements.isEmpty { error("empty-value", Self.join(path, "url"), urlNode, "list at least one route") }
                for (index, element) in elements.enumerated() {
                    let site = RouteSite(item: index, node: element)
                    if let text = string(element, site.path(of: path)) { texts.append((text, site)) }
                }
            } else if let text = nonEmptyString(urlNode, Self.join(path, "url")) {
                texts.append((text, RouteSite(item: nil, node: urlNode)))
            }
            for (text, site) in texts {
                let (routePath, routeNode) = ({ site.path(of: path) }, site.node)
                do {
                    let route = try RoutePattern(text)
                    if let earlier = routes.first(where: { $0.isSameRoute(as: route) }) {
                        let same =
                            earlier.text == text
                            ? "" : " (as '\(earlier.text)': scheme and host compare without regard to letter case)"
                        error("duplicate-value", routePath(), routeNode, "the route '\(text)' is listed twice\(same)")
                        continue
                    }
                    routes.append(route)
                    sites.append(site)
                } catch {
                    self.error("invalid-route", routePath(), routeNode, error.message)
                }
            }
        } else if convention == .xCallbackURL {
            var refusal: RoundtripError?
            for scheme in app.schemes {
                do {
                    routes.append(try RoutePattern("\(scheme)://\(ConventionNames.xCallbackHost)/\(name)"))
                    sites.append(RouteSite(item: nil, node: node))
                } catch {
                    refusal = error
                }
            }
            if routes.isEmpty, let refusal {
                error(
                    "invalid-route",
                    Self.join(path, "url"),
                    node,
                    "the action has no 'url', and its name '\(name)' cannot be the path of '<scheme>://x-callback-url/\(name)': \(refusal.message); give it a 'url' or a URL-safe name"
                )
            } else if routes.isEmpty {
                error(
                    "missing-key",
                    Self.join(path, "url"),
                    node,
                    "the action has no 'url' and the app has no schemes to derive '<scheme>://x-callback-url/\(name)' from"
                )
            }
        } else {
            error("missing-key", Self.join(path, "url"), node, "the action needs a 'url' (its route)")
        }
        // Past the last refusal: the action will be read, and its sites stand at its index.
        routeSites.append(sites)
        for (route, site) in zip(routes, sites) {
            switch convention {
            case .universalLinkCallback where route.scheme != "https":
                error(
                    "ulc-not-https",
                    site.path(of: path),
                    site.node,
                    "a Universal Link Callback action must be an https universal link, not '\(route.scheme):'"
                )
            default:
                break
            }
            if route.scheme == "http" {
                error(
                    "http-route",
                    site.path(of: path),
                    site.node,
                    "http URLs never open apps; use https (a universal link) or a custom scheme"
                )
            }
        }
        checkPlaceholdersAgree(routes, sites: sites, action: name, path: path)

        var returnParameter = "returnURL"
        var responsePrefix = ""
        var outcomes: [String]?
        if convention == .xCallbackURL, let node = fields[.outcomes], let list = stringList(node, Self.join(path, "outcomes")) {
            let known = convention.defaultOutcomes
            for outcome in list where !known.contains(outcome) {
                error(
                    "invalid-value",
                    Self.join(path, "outcomes"),
                    node,
                    "x-callback-url outcomes are \(known.joined(separator: ", ")), not '\(outcome)'"
                )
            }
            if list.isEmpty { error("empty-value", Self.join(path, "outcomes"), node, "list at least one outcome") }
            if Set(list).count != list.count { error("duplicate-value", Self.join(path, "outcomes"), node, "outcomes must be distinct") }
            // Kept in the convention's order, whatever order the file lists them in.
            outcomes = known.filter(list.contains)
        }
        if convention == .returnURL {
            returnParameter = nonEmptyString(fields[.returnParameter], Self.join(path, "return-parameter")) ?? "returnURL"
            responsePrefix = string(fields[.responsePrefix], Self.join(path, "response-prefix")) ?? ""
            if fields[.responsePrefix] == nil || responsePrefix.isEmpty {
                warning(
                    "no-response-prefix",
                    Self.join(path, "response-prefix"),
                    node,
                    "without a 'response-prefix' (such as ifcc_) response parameters may collide with the caller's own"
                )
            }
            if let list = stringList(fields[.outcomes], Self.join(path, "outcomes")) {
                if list.isEmpty { error("empty-value", Self.join(path, "outcomes"), fields[.outcomes], "list at least one outcome") }
                if Set(list).count != list.count {
                    error("duplicate-value", Self.join(path, "outcomes"), fields[.outcomes], "outcomes must be distinct")
                }
                outcomes = list
            }
        } else {
            for key in [ActionKey.returnParameter, .responsePrefix, .outcomes] {
                guard let keyNode = fields[key], let message = Self.conventionMismatch(key.name, convention) else { continue }
                error("convention-mismatch", Self.join(path, key.name), keyNode, message)
            }
        }
        let unknownParameters = choice(fields[.unknownParameters], Self.join(path, "unknown-parameters"), UnknownParameterPolicy.self) ?? .reject

        var parameters: [ParameterSpec] = []
        if let parametersNode = fields[.parameters] {
            let set = RepeatedDefinitions.ParameterSet(
                node: parametersNode,
                convention: convention,
                returnParameter: returnParameter,
                responsePrefix: responsePrefix
            )
            parameters = readParameters(set, path: path)
        }
        var placeholderNames: [String] = []
        for route in routes {
            for placeholder in route.placeholderNames where !placeholderNames.contains(placeholder) { placeholderNames.append(placeholder) }
        }
        for placeholder in placeholderNames {
            guard let index = parameters.firstIndex(where: { $0.name == placeholder }) else {
                parameters.append(ParameterSpec(name: placeholder, type: .string, isRequired: true))
                continue
            }
            // The definition's node, for findings about its keys.
            let node = Self.member(fields[.parameters], placeholder)
            checkPlaceholderDefinition(parameters[index], node: node, "\(path).parameters.\(placeholder)")
            // The route matches only with the segment there: a placeholder always has its value.
            parameters[index].isRequired = true
        }
        var queryValue: ParameterSpec?
        if let node = fields[.queryValue] {
            queryValue = readParameter(name: nil, node: node, path: Self.join(path, "query-value"), allowName: true, allowList: false)
            if convention != .none {
                error(
                    "convention-mismatch",
                    Self.join(path, "query-value"),
                    node,
                    "'query-value' (the whole query is one value) works only with convention none; \(convention) needs named parameters"
                )
            } else if fields[.parameters] != nil {
                error(
                    "convention-mismatch",
                    Self.join(path, "query-value"),
                    node,
                    "an action with 'query-value' cannot also declare query 'parameters'"
                )
            }
        }
        var fragment: ParameterSpec?
        if let node = fields[.fragment] {
            fragment = readParameter(name: nil, node: node, path: Self.join(path, "fragment"), allowName: true, allowList: false)
        }
        // Each value is bound by its name: two under one name would overwrite each other.
        if queryValue != nil || fragment != nil {
            var taken = parameters.map {
                (name: $0.name, what: placeholderNames.contains($0.name) ? "a route placeholder (':\($0.name)')" : "a parameter")
            }
            for (key, value) in [(ActionKey.queryValue, queryValue), (.fragment, fragment)] {
                guard let value else { continue }
                if let clash = taken.first(where: { $0.name == value.name }) {
                    error(
                        "duplicate-value",
                        Self.join(path, "\(key.name).name"),
                        Self.member(fields[key], "name") ?? fields[key],
                        "the \(key.name) is named '\(value.name)', which is already the name of \(clash.what) of this action; give it a name of its own"
                    )
                }
                taken.append((name: value.name, what: "the query-value"))
            }
        }
        var actionSources = sources
        if let node = fields[.sources] { actionSources = readSources(node, Self.join(path, "sources")) }
        let actionSignatures = choice(fields[.signatures], Self.join(path, "signatures"), SignatureRequirement.self) ?? signatures
        let returns = fields[.returns].map {
            readReturns($0, path: Self.join(path, "returns"), convention: convention, responsePrefix: responsePrefix)
        }
        let actionEncoding = choice(fields[.queryEncoding], Self.join(path, "query-encoding"), QueryEncoding.self) ?? queryEncoding
        var action = Action(
            name: name,
            routes: routes,
            convention: convention,
            returnParameter: returnParameter,
            responsePrefix: responsePrefix,
            outcomes: outcomes,
            unknownParameters: unknownParameters,
            parameters: parameters,
            queryValue: queryValue,
            fragment: fragment,
            sources: actionSources,
            signatures: actionSignatures,
            returns: returns,
            queryEncoding: actionEncoding,
            description: string(fields[.description], Self.join(path, "description"))
        )
        applyAnswerContext(answerContext, to: &action, fields: fields, path: path)
        return action
    }

    /// Why `key` (`return-parameter`, `response-prefix` or `outcomes`) does not apply to an action
    /// of `convention`, or `nil` when it does.
    static func conventionMismatch(_ key: String, _ convention: Convention) -> String? {
        switch (key, convention) {
        case (_, .returnURL), ("outcomes", .xCallbackURL): return nil
        case ("return-parameter", .xCallbackURL):
            return
                "'return-parameter' applies to return-url actions only; an x-callback-url request names its callbacks x-success, x-error and x-cancel"
        case ("return-parameter", .universalLinkCallback):
            return
                "'return-parameter' applies to return-url actions only; a Universal Link Callback request names its callbacks ulc-success and ulc-error"
        case ("response-prefix", .xCallbackURL):
            return
                "'response-prefix' applies to return-url actions only; an x-callback-url answer goes to the caller's own x-success, x-error or x-cancel URL, with its parameters unprefixed"
        case ("response-prefix", .universalLinkCallback):
            return "'response-prefix' applies to return-url actions only; a Universal Link Callback appends nothing to its callbacks"
        case ("outcomes", .universalLinkCallback):
            return
                "'outcomes' applies to return-url and x-callback-url actions only; a Universal Link Callback answers with success (ulc-success) or error (ulc-error)"
        case ("outcomes", _):
            return "'outcomes' applies to return-url and x-callback-url actions only; an action with convention none never answers"
        default:
            return "'\(key)' applies to return-url actions only; an action with convention none never answers"
        }
    }

    /// Refuses routes of one action that carry different placeholder names: each placeholder is
    /// a required parameter, so a request at a route without it could never be accepted.
    private mutating func checkPlaceholdersAgree(_ routes: [RoutePattern], sites: [RouteSite], action: String, path: String) {
        guard routes.count > 1, let first = routes.first else { return }
        let expected = Set(first.placeholderNames)
        for (route, site) in zip(routes, sites).dropFirst() where Set(route.placeholderNames) != expected {
            error(
                "invalid-route",
                site.path(of: path),
                site.node,
                "the routes '\(first.text)' and '\(route.text)' of the action '\(action)' carry different placeholders (\(Self.placeholderList(first)) and \(Self.placeholderList(route))); every route of an action must carry the same placeholder names, since each is a required parameter"
            )
        }
    }

    /// Refuses the keys a route placeholder's definition cannot honour: a placeholder is always
    /// required (the route matches only with its segment), never empty (a placeholder matches a
    /// non-empty segment), and a path segment never holds line breaks.
    private mutating func checkPlaceholderDefinition(_ parameter: ParameterSpec, node: DocumentNode?, _ path: String) {
        let name = parameter.name
        if let required = Self.member(node, "required"), !parameter.isRequired {
            error(
                "invalid-value",
                Self.join(path, "required"),
                required,
                "':\(name)' is a route placeholder, which is always required (the route matches only when its segment is there); drop 'required: false'"
            )
        }
        if let value = Self.member(node, "default") {
            error(
                "invalid-default",
                Self.join(path, "default"),
                value,
                "':\(name)' is a route placeholder, which always has a value (the route matches only when its segment is there), so a default would never be used; drop it"
            )
        }
        if parameter.allowsEmpty {
            error(
                "invalid-value",
                Self.join(path, "allow-empty"),
                Self.member(node, "allow-empty"),
                "':\(name)' is a route placeholder, which matches only a non-empty path segment, so 'allow-empty' never applies; drop it, or carry a value that may be cleared in a query parameter"
            )
        }
        if parameter.isMultiline {
            error(
                "type-mismatch",
                Self.join(path, "multiline"),
                Self.member(node, "multiline"),
                "':\(name)' is a route placeholder: a path segment is one line, so 'multiline' does not apply; carry multi-line text in a query parameter"
            )
        }
        if parameter.list == .newline {
            error(
                "type-mismatch",
                Self.join(path, "list"),
                Self.member(node, "list"),
                "':\(name)' is a route placeholder: a path segment is one line, so it cannot be a newline list; use 'list: comma'"
            )
        }
    }

    /// The value of `key` in a mapping node, or `nil`.
    static func member(_ node: DocumentNode?, _ key: String) -> DocumentNode? {
        node?.members?.first { $0.key == key }?.value
    }

    /// A route's placeholders for a message: `:id, :page`, or `none`.
    private static func placeholderList(_ route: RoutePattern) -> String {
        route.placeholderNames.isEmpty ? "none" : route.placeholderNames.map { ":" + $0 }.joined(separator: ", ")
    }

    /// Reads `returns`: the success outcome's response parameters, each defined like a parameter.
    mutating func readReturns(_ node: DocumentNode, path: String, convention: Convention, responsePrefix: String) -> [ParameterSpec] {
        if convention == .none || convention == .universalLinkCallback {
            error(
                "convention-mismatch",
                path,
                node,
                convention == .none
                    ? "an action with convention none never answers, so it returns nothing"
                    : "a Universal Link Callback appends nothing to its callbacks, so it returns nothing"
            )
        }
        var returns: [ParameterSpec] = []
        for member in namedEntries(node, path) {
            let (name, keyNode, entry) = (member.key, Self.keyNode(member), member.value)
            let entryPath = "\(path).\(name)"
            checkNameCharacters(name, entryPath, keyNode, what: "the returned value's name")
            if ReservedNames.isReserved(name) {
                error("reserved-parameter", entryPath, keyNode, "names starting with 'rt-' belong to Roundtrip")
            } else if convention == .returnURL, name == ConventionNames.responseType {
                error("reserved-parameter", entryPath, keyNode, "'\(name)' carries the outcome; the convention sets it")
            } else if convention == .returnURL, !responsePrefix.isEmpty, name.hasPrefix(responsePrefix) {
                error("invalid-name", entryPath, keyNode, "write returned names without the response prefix '\(responsePrefix)'; it is added for you")
            }
            // Refused before reading, so the entry is not also asked for the 'secret-env' it could never use.
            if let typeNode = entry.members?.first(where: { $0.key == "type" })?.value, typeNode.scalarText == "secret" {
                error(
                    "type-mismatch",
                    Self.join(entryPath, "type"),
                    typeNode,
                    "a callback never carries a secret: other apps can see the callback URL it is opened with; return another type, or drop the entry"
                )
                continue
            }
            guard let parameter = readParameter(name: name, node: entry, path: entryPath, allowName: false) else { continue }
            returns.append(parameter)
        }
        return returns
    }

    /// Reads an action's `parameters`, or gives those read for a set with the same text in the
    /// same context earlier in the spec (see ``RepeatedDefinitions``).
    private mutating func readParameters(_ set: RepeatedDefinitions.ParameterSet, path: String) -> [ParameterSpec] {
        let digest = repeatedDefinitions.digest(of: set)
        if let digest, let parameters = repeatedDefinitions.parameters(for: set, digest: digest) { return parameters }
        let findings = diagnostics.count
        let entries = namedEntries(set.node, Self.join(path, "parameters"))
        var parameters: [ParameterSpec] = []
        parameters.reserveCapacity(entries.count)
        for member in entries {
            // Built only for a message: most parameters have none.
            let parameterPath = { "\(path).parameters.\(member.key)" }
            checkParameterName(
                member.key,
                parameterPath(),
                Self.keyNode(member),
                convention: set.convention,
                returnParameter: set.returnParameter,
                responsePrefix: set.responsePrefix
            )
            if let parameter = readParameter(name: member.key, node: member.value, path: parameterPath(), allowName: false) {
                parameters.append(parameter)
            }
        }
        if let digest, diagnostics.count == findings { repeatedDefinitions.remember(parameters, for: set, digest: digest) }
        return parameters
    }

    mutating func checkParameterName(
        _ name: String,
        _ path: @autoclosure () -> String,
        _ node: DocumentNode,
        convention: Convention,
        returnParameter: String,
        responsePrefix: String
    ) {
        if ReservedNames.isReserved(name) {
            error("reserved-parameter", path(), node, "parameters starting with 'rt-' belong to Roundtrip and may not be declared")
        } else if convention.reservedParameters.contains(name) {
            error("reserved-parameter", path(), node, "'\(name)' is a \(convention) callback parameter; the convention handles it")
        } else if convention == .returnURL, name == returnParameter {
            error("reserved-parameter", path(), node, "'\(name)' is this action's return parameter; the convention handles it")
        } else if convention == .returnURL, !responsePrefix.isEmpty, name.hasPrefix(responsePrefix) {
            error("reserved-parameter", path(), node, "'\(name)' starts with the response prefix '\(responsePrefix)'")
        }
        checkNameCharacters(name, path(), node, what: "the parameter name")
    }

    /// Refuses a name that holds a control character (C0, DEL, C1) or a bidi override, naming
    /// its code point: such a name displays as something else, or breaks the line it is on.
    mutating func checkNameCharacters(_ name: String, _ path: @autoclosure () -> String, _ node: DocumentNode?, what: String) {
        guard let failure = PercentDecoding.forbiddenCharacter(in: name) else { return }
        error("invalid-name", path(), node, failure.message(for: what) + "; names may not hold control characters or bidi overrides")
    }

    /// Refuses a `secret-env` that is not an environment variable name (POSIX's portable
    /// form, `[A-Za-z_][A-Za-z0-9_]*`): no environment could hold it.
    mutating func checkEnvironmentName(_ variable: String, _ path: @autoclosure () -> String, _ node: DocumentNode?) {
        let bytes = variable.utf8
        let isName =
            bytes.first.map { URLSplit.isAlpha($0) || $0 == 0x5F } == true
            && bytes.allSatisfy { URLSplit.isAlpha($0) || URLSplit.isDigit($0) || $0 == 0x5F }
        guard !isName else { return }
        let shown = PercentDecoding.containsForbiddenCharacter(variable) ? "the value" : "'\(ParameterParsing.abbreviated(variable))'"
        error(
            "invalid-value",
            path(),
            node,
            "\(shown) is not an environment variable name: a letter or '_', then letters, digits or '_' (such as NOTES_TOKEN)"
        )
    }

    // MARK: - Parameters

    /// The longest `pattern` a spec may give, in characters.
    static let maximumPatternLength = 240

    /// The spelling of every type, for messages.
    static let typeNames = "string, integer, decimal, boolean, uuid, url, date, json, base64 or secret"

    /// Reads one parameter definition, or gives the parameter read for the same definition
    /// earlier in the spec (see ``RepeatedDefinitions``).
    ///
    /// - Parameters:
    ///   - allowName: Whether the definition names itself (`query-value`, `fragment`).
    ///   - allowList: Whether `list` may be used (not for a whole query or fragment).
    mutating func readParameter(
        name: String?,
        node: DocumentNode,
        path: @autoclosure () -> String,
        allowName: Bool,
        allowList: Bool = true
    ) -> ParameterSpec? {
        let definition = RepeatedDefinitions.Definition(name: name, node: node, allowName: allowName, allowList: allowList)
        let digest = repeatedDefinitions.digest(of: definition)
        if let parameter = repeatedDefinitions.parameter(for: definition, digest: digest) { return parameter }
        let findings = diagnostics.count
        let parameter = readDefinition(name: name, node: node, path: path(), allowName: allowName, allowList: allowList)
        if let parameter, diagnostics.count == findings { repeatedDefinitions.remember(parameter, for: definition, digest: digest) }
        return parameter
    }

    /// Reads one parameter definition (see ``readParameter(name:node:path:allowName:allowList:)``).
    private mutating func readDefinition(
        name: String?,
        node: DocumentNode,
        path: @autoclosure () -> String,
        allowName: Bool,
        allowList: Bool
    ) -> ParameterSpec? {
        guard let fields = mapping(node, path(), keys: ParameterKey.self, allowed: allowName ? nil : ParameterKey.unnamed) else { return nil }
        let resolvedName: String
        if let name {
            resolvedName = name
        } else if let given = nonEmptyString(fields[.name], Self.join(path(), "name")) {
            resolvedName = given
            checkNameCharacters(given, Self.join(path(), "name"), fields[.name], what: "the name")
            // A whole-query or fragment value is named like a parameter, and the same names are Roundtrip's.
            if ReservedNames.isReserved(given) {
                error(
                    "reserved-parameter",
                    Self.join(path(), "name"),
                    fields[.name],
                    "names starting with 'rt-' belong to Roundtrip and may not be declared"
                )
            }
        } else {
            error("missing-key", Self.join(path(), "name"), node, "give the value a 'name' so handlers can refer to it")
            return nil
        }
        guard let type = readType(fields, path()) else { return nil }
        var parameter = ParameterSpec(name: resolvedName, type: type)
        parameter.description = string(fields[.description], Self.join(path(), "description"))
        if case .boolean = type, let formatNode = fields[.format] {
            parameter.booleanFormat = choice(formatNode, Self.join(path(), "format"), BooleanFormat.self) ?? .trueFalse
        }
        readKeysThatApply(fields, type: type, path())
        parameter.isRequired = bool(fields[.required], Self.join(path(), "required")) ?? false
        parameter.isMultiline = bool(fields[.multiline], Self.join(path(), "multiline")) ?? false
        parameter.allowsEmpty = bool(fields[.allowEmpty], Self.join(path(), "allow-empty")) ?? false
        parameter.maximumBytes = int(fields[.maxBytes], Self.join(path(), "max-bytes"))
        if parameter.maximumBytes == 0 {
            error(
                "empty-range",
                Self.join(path(), "max-bytes"),
                fields[.maxBytes],
                "max-bytes 0 allows no bytes at all; give the most bytes a value may decode to, at least 1"
            )
        }
        parameter.secretEnvironment = nonEmptyString(fields[.secretEnv], Self.join(path(), "secret-env"))
        if let variable = parameter.secretEnvironment { checkEnvironmentName(variable, Self.join(path(), "secret-env"), fields[.secretEnv]) }
        if type == .secret, fields[.secretEnv] == nil {
            error(
                "missing-key",
                Self.join(path(), "secret-env"),
                node,
                "a secret parameter needs 'secret-env', the environment variable (or key resolver name) holding the value it must equal"
            )
        }
        parameter.minimumLength = int(fields[.minLength], Self.join(path(), "min-length"))
        parameter.maximumLength = int(fields[.maxLength], Self.join(path(), "max-length"))
        if let minimum = parameter.minimumLength, let maximum = parameter.maximumLength, minimum > maximum {
            error("empty-range", path(), node, "min-length \(minimum) is greater than max-length \(maximum)")
        }
        if type.isNumeric {
            parameter.minimum = decimal(fields[.minimum], Self.join(path(), "minimum"))
            parameter.maximum = decimal(fields[.maximum], Self.join(path(), "maximum"))
            if let minimum = parameter.minimum, let maximum = parameter.maximum, minimum > maximum {
                error("empty-range", path(), node, "minimum \(minimum) is greater than maximum \(maximum)")
            }
        }
        readListKeys(fields, into: &parameter, node: node, allowList: allowList, path())
        if let patternNode = fields[.pattern], let source = string(patternNode, Self.join(path(), "pattern")) {
            // A pattern describes one value; a longer one is a mistake or an attempt to make the
            // loader build a large program (ValuePattern bounds the program itself too).
            if source.count > Self.maximumPatternLength {
                error(
                    "invalid-pattern",
                    Self.join(path(), "pattern"),
                    patternNode,
                    "the pattern is \(source.count) characters long; patterns are limited to \(Self.maximumPatternLength)"
                )
            } else {
                do {
                    parameter.pattern = try pattern(source)
                } catch {
                    self.error("invalid-pattern", Self.join(path(), "pattern"), patternNode, error.message)
                }
            }
        }
        if let enumNode = fields[.enum], let values = stringList(enumNode, Self.join(path(), "enum")) {
            var canonical: [String] = []
            var single = parameter
            single.list = nil
            let rule = ParameterRule(single)
            for (index, value) in values.enumerated() {
                if let why = Self.unreceivable(value, of: parameter, isItem: parameter.list != nil) {
                    error("invalid-enum", Self.join(path(), "enum"), enumNode, "enum value \(index + 1) \(why)")
                    continue
                }
                do {
                    canonical.append(try ParameterParsing.parse(value, rule: rule, checkingConstraints: false).canonical)
                } catch {
                    self.error("invalid-enum", Self.join(path(), "enum"), enumNode, "'\(value)' is not a valid \(type): \(error.message)")
                }
            }
            if values.isEmpty { error("empty-value", Self.join(path(), "enum"), enumNode, "an enum needs at least one value") }
            parameter.allowedValues = canonical
        }
        if let defaultNode = fields[.default] {
            readDefault(defaultNode, into: &parameter, path())
        }
        return parameter
    }

    /// Reads `type` (and a date's `format`).
    private mutating func readType(_ fields: SpecFields<ParameterKey>, _ path: @autoclosure () -> String) -> ParameterType? {
        let typeName = string(fields[.type], Self.join(path(), "type")) ?? "string"
        switch typeName {
        case "string": return .string
        case "integer": return .integer
        case "decimal": return .decimal
        case "boolean": return .boolean
        case "uuid": return .uuid
        case "url": return .url
        case "json": return .json
        case "base64": return .base64
        case "secret": return .secret
        case "date":
            do {
                let format = string(fields[.format], Self.join(path(), "format"))
                return .date(try format.map { text throws(RoundtripError) in try dateFormat(text) } ?? .iso8601)
            } catch {
                self.error("invalid-format", Self.join(path(), "format"), fields[.format], error.message)
                return nil
            }
        default:
            error("invalid-value", Self.join(path(), "type"), fields[.type], "unknown type '\(typeName)'; use \(Self.typeNames)")
            return nil
        }
    }

    /// Refuses the keys that do not apply to `type`, each with what it applies to.
    private mutating func readKeysThatApply(_ fields: SpecFields<ParameterKey>, type: ParameterType, _ path: @autoclosure () -> String) {
        func refuse(_ key: ParameterKey, _ appliesTo: String) {
            guard let node = fields[key] else { return }
            let article = type == .integer ? "an" : "a"  // "a uuid", "a url": only "integer" takes "an"
            error("type-mismatch", Self.join(path(), key.name), node, "'\(key.name)' applies to \(appliesTo), not to \(article) \(type) parameter")
        }
        switch type {
        case .date, .boolean: break
        default: refuse(.format, "date parameters (a date format) and boolean parameters (yes-no or true-false)")
        }
        if !type.isNumeric {
            refuse(.minimum, "integer and decimal parameters")
            refuse(.maximum, "integer and decimal parameters")
        }
        if type != .string { refuse(.multiline, "string parameters") }
        if type != .base64 { refuse(.maxBytes, "base64 parameters") }
        if type != .secret { refuse(.secretEnv, "secret parameters") }
        if type == .secret {
            // Anything that describes the value would put it, or a hint of it, in the spec.
            for key in [ParameterKey.default, .enum, .pattern, .minLength, .maxLength, .list, .allowEmpty] {
                refuse(key, "parameters other than secrets (a secret is compared whole, and never written in the spec)")
            }
        }
    }

    /// Reads `list`, `min-items` and `max-items`.
    private mutating func readListKeys(
        _ fields: SpecFields<ParameterKey>,
        into parameter: inout ParameterSpec,
        node: DocumentNode,
        allowList: Bool,
        _ path: @autoclosure () -> String
    ) {
        if let listNode = fields[.list], parameter.type != .secret {
            if parameter.type == .json {
                error(
                    "type-mismatch",
                    Self.join(path(), "list"),
                    listNode,
                    "'list' does not apply to a json parameter: JSON text holds commas and line breaks, which separate the items of comma and newline lists; take one JSON array instead"
                )
            } else if !allowList {
                error("convention-mismatch", Self.join(path(), "list"), listNode, "a whole query or fragment is one value, never a list")
            } else {
                parameter.list = choice(listNode, Self.join(path(), "list"), ListForm.self)
            }
        }
        parameter.minimumItems = int(fields[.minItems], Self.join(path(), "min-items"))
        parameter.maximumItems = int(fields[.maxItems], Self.join(path(), "max-items"))
        if parameter.list == nil, fields[.list] == nil {
            for key in [ParameterKey.minItems, .maxItems] where fields.has(key) {
                error(
                    "type-mismatch",
                    Self.join(path(), key.name),
                    fields[key],
                    "'\(key.name)' applies to list parameters; add 'list: repeated', 'comma' or 'newline'"
                )
            }
        }
        if let minimum = parameter.minimumItems, let maximum = parameter.maximumItems, minimum > maximum {
            error("empty-range", path(), node, "min-items \(minimum) is greater than max-items \(maximum)")
        }
        if parameter.maximumItems == 0 {
            error("empty-range", Self.join(path(), "max-items"), fields[.maxItems], "max-items 0 allows no items; a list holds at least one")
        }
        if parameter.list == .newline, parameter.isMultiline {
            error(
                "type-mismatch",
                Self.join(path(), "multiline"),
                fields[.multiline],
                "a newline list splits on line breaks, so its items cannot hold them; drop 'multiline' or use another list form"
            )
        }
    }

    /// Reads `default`: one value, or a list of values for a list parameter, each checked against
    /// the type and constraints and kept in canonical form.
    private mutating func readDefault(_ node: DocumentNode, into parameter: inout ParameterSpec, _ path: @autoclosure () -> String) {
        let defaultPath = Self.join(path(), "default")
        let rule = ParameterRule(parameter)
        if parameter.list != nil {
            guard let elements = node.elements else {
                error("wrong-type", defaultPath, node, "the default of a list parameter is a list of values, such as [home, work]")
                return
            }
            guard !elements.isEmpty else {
                error("invalid-default", defaultPath, node, "a list's default needs at least one item; leave 'default' out for none")
                return
            }
            var items: [String] = []
            for (index, element) in elements.enumerated() {
                guard let text = string(element, "\(defaultPath)[\(index)]") else { continue }
                if let why = Self.unreceivable(text, of: parameter, isItem: true) {
                    error("invalid-default", defaultPath, node, "item \(index + 1) of the default \(why)")
                    return
                }
                items.append(text)
            }
            do {
                if case .list(let values) = try ParameterParsing.parseItems(items, rule: rule) {
                    parameter.defaultItems = values.map(parameter.text(for:))
                }
            } catch {
                self.error("invalid-default", defaultPath, node, "the default is not valid: \(error.message)")
            }
        } else if let value = string(node, defaultPath) {
            if let why = Self.unreceivable(value, of: parameter, isItem: false) {
                error("invalid-default", defaultPath, node, "the default \(why)")
                return
            }
            do {
                parameter.defaultValue = parameter.text(for: try ParameterParsing.parse(value, rule: rule))
            } catch {
                self.error("invalid-default", defaultPath, node, "the default '\(value)' is not valid: \(error.message)")
            }
        }
        if parameter.isRequired {
            warning("unused-default", defaultPath, node, "a required parameter's default is never used")
        }
    }

    /// Why a value written in the spec (a default, an enum value) could never arrive in a
    /// request for `parameter`, by the rules incoming values are decoded with, or `nil`: a
    /// control character (line breaks and tabs only in a `multiline` string), or a list item
    /// holding its list's separator. The value itself is not echoed: it may hold the character.
    static func unreceivable(_ text: String, of parameter: ParameterSpec, isItem: Bool) -> String? {
        if isItem {
            switch parameter.list {
            case .comma where text.utf8.contains(0x2C):
                return "holds ',', which separates the items of a comma list; an item can never contain it"
            case .newline where text.utf8.contains(0x0A) || text.utf8.contains(0x0D):
                return "holds a line break, which separates the items of a newline list; an item can never contain it"
            default: break
            }
        }
        let options = PercentDecoding.Options(parameter: parameter, queryEncoding: .rfc3986)
        guard let failure = PercentDecoding.forbiddenCharacter(in: text, options: options) else { return nil }
        let message = failure.message(for: "")
        let why = String(message.drop { $0 == " " })
        let isLineBreakOrTab = [0x09, 0x0A, 0x0D].map { PercentDecoding.Failure.controlCharacter(scalar: $0) }.contains(failure)
        return isLineBreakOrTab && !parameter.isMultiline ? why + "; only a multiline string may hold line breaks and tabs" : why
    }

    // MARK: - Syntax helpers

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
