/// The top of a spec: its version, app, policies, keys and actions, and the routes of all
/// actions checked against each other.
extension SpecReader {
    mutating func readSpec(_ root: DocumentNode) -> Spec? {
        guard
            let top = mapping(root, "", keys: TopLevelKey.self)
        else { return nil }
        if let versionNode = top[.roundtrip] {
            if let version = int(versionNode, TopLevelKey.roundtrip.name), version != 1 {
                error("unsupported-version", TopLevelKey.roundtrip.name, versionNode, "this Roundtrip reads spec version 1, not \(version)")
            }
        } else {
            error("missing-key", TopLevelKey.roundtrip.name, root, "the spec must start with 'roundtrip: 1'")
        }
        guard let appNode = top[.app] else {
            error("missing-key", TopLevelKey.app.name, root, "the spec must describe the 'app' (name, schemes, domains)")
            return nil
        }
        let app = readApp(appNode)
        var callbacks: [CallbackBase]?
        if let node = top[.callbacks], let entries = stringList(node, TopLevelKey.callbacks.name) {
            callbacks = []
            for (index, entry) in entries.enumerated() {
                do {
                    callbacks?.append(try CallbackBase(entry))
                } catch {
                    self.error("invalid-callback-base", "\(TopLevelKey.callbacks.name)[\(index)]", node, error.message)
                }
            }
        }
        var sources = SourcePolicy()
        if let node = top[.sources] { sources = readSources(node, TopLevelKey.sources.name) }
        let signatures = choice(top[.signatures], TopLevelKey.signatures.name, SignatureRequirement.self) ?? .off
        var keys: [SigningKeyDescription] = []
        if let node = top[.keys] { keys = readKeys(node) }
        let answerContext = readAnswerContext(top, keys: keys, callbacks: callbacks)
        let queryEncoding = choice(top[.queryEncoding], TopLevelKey.queryEncoding.name, QueryEncoding.self) ?? .rfc3986
        let names = choice(top[.names], TopLevelKey.names.name, NameMatching.self) ?? .exact
        var actions: [Action] = []
        if let actionsNode = top[.actions] {
            for member in namedEntries(actionsNode, TopLevelKey.actions.name) {
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
                    names: names,
                    answerContext: answerContext
                ) {
                    actions.append(action)
                }
            }
        } else {
            error("missing-key", TopLevelKey.actions.name, root, "the spec declares no 'actions'")
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
        spec.allowSchemes = readAllowSchemes(top[.allowSchemes], TopLevelKey.allowSchemes.name, app: app) ?? []
        // By index: binding each action to a local copied all its fields.
        for index in actions.indices where keys.isEmpty && actions[index].signatures != .off {
            error(
                "signatures-without-keys",
                "actions.\(actions[index].name).signatures",
                nil,
                "signatures are '\(actions[index].signatures)' but the spec declares no 'keys'"
            )
        }
        do {
            spec.routerForActions = try Router(locating: actions)
        } catch {
            let name = actions[error.actionIndex].name
            let sites = routeSites(ofAction: error.actionIndex)
            let site = error.routeIndex < sites.count ? sites[sites.startIndex + error.routeIndex] : nil
            self.error(
                "duplicate-route",
                site?.path(of: "actions.\(name)") ?? "actions.\(name).url",
                site?.node ?? top[.actions],
                error.error.message
            )
        }
        return spec
    }
}
