/// An action: its routes, its convention's keys, its parameters and its policies.
extension SpecReader {
    mutating func readAction(
        name: String,
        keyNode: DocumentNode,
        node: DocumentNode,
        app: AppDescription,
        sources: SourcePolicy,
        signatures: SignatureRequirement,
        queryEncoding: QueryEncoding,
        names: NameMatching = .exact,
        answerContext: AnswerContext = AnswerContext()
    ) -> Action? {
        let path = "actions." + name
        guard
            let fields = mapping(node, path, keys: ActionKey.self)
        else { return nil }
        guard let convention = choice(fields[.convention], Self.join(path, ActionKey.convention), Convention.self) else {
            if fields[.convention] == nil {
                let names = Convention.allCases.map(\.rawValue)
                let choices = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
                error("missing-key", Self.join(path, ActionKey.convention), node, "the action needs a 'convention': \(choices)")
            }
            return nil
        }
        let routes = readRoutes(fields, node: node, action: name, app: app, convention: convention, path: path)
        let keys = readConventionKeys(fields, node: node, convention: convention, path: path)
        let unknownParameters =
            choice(fields[.unknownParameters], Self.join(path, ActionKey.unknownParameters), UnknownParameterPolicy.self) ?? .reject
        var values = readActionValues(fields, routes: routes, convention: convention, keys: keys, path: path)
        let pathParameters = readPathParameters(fields[.pathParameters], routes: routes, parameters: &values.parameters, path: path)
        var actionSources = sources
        if let node = fields[.sources] { actionSources = readSources(node, Self.join(path, ActionKey.sources)) }
        let actionSignatures = choice(fields[.signatures], Self.join(path, ActionKey.signatures), SignatureRequirement.self) ?? signatures
        let returns = fields[.returns].map {
            readReturns($0, path: Self.join(path, ActionKey.returns), convention: convention, responsePrefix: keys.responsePrefix)
        }
        let actionEncoding = choice(fields[.queryEncoding], Self.join(path, ActionKey.queryEncoding), QueryEncoding.self) ?? queryEncoding
        let actionNames = choice(fields[.names], Self.join(path, ActionKey.names), NameMatching.self) ?? names
        if actionNames == .caseInsensitive { checkFoldedNames(values.parameters, node: fields[.parameters], path: path) }
        let select = readSelect(
            fields[.select],
            parameters: values.parameters,
            convention: convention,
            keys: keys,
            hasQueryValue: values.queryValue != nil,
            path: path
        )
        let custom = readCustomWayBack(
            fields,
            node: node,
            convention: convention,
            parameters: values.parameters,
            outcomes: keys.outcomes ?? convention.defaultOutcomes,
            returns: returns,
            path: path
        )
        let requiredCallbacks =
            convention.facts.describesOwnWayBack
            ? readCustomRequiredCallbacks(fields[.requiredCallbacks], wayBack: custom.wayBack, path: path)
            : readRequiredCallbacks(fields[.requiredCallbacks], convention: convention, outcomes: keys.outcomes, path: path)
        // Every key is read before the action is made, in the order the findings are reported.
        let description = string(fields[.description], Self.join(path, ActionKey.description))
        let requiresOneOf = readRequiresOneOf(fields[.requiresOneOf], parameters: values.parameters, routes: routes, path: path)
        let allowSchemes = readAllowSchemes(fields[.allowSchemes], Self.join(path, ActionKey.allowSchemes), app: app)
        let ignoreParameters = readNameList(
            fields[.ignoreParameters],
            key: .ignoreParameters,
            parameters: values.parameters,
            convention: convention,
            path: path
        )
        let forbidParameters = readNameList(
            fields[.forbidParameters],
            key: .forbidParameters,
            parameters: values.parameters,
            convention: convention,
            path: path
        )
        let exclusive = readRequiresOneOf(fields[.exclusive], key: .exclusive, parameters: values.parameters, routes: routes, path: path)
        let forbidSchemes = readForbidSchemes(fields[.forbidSchemes], Self.join(path, ActionKey.forbidSchemes))
        let invalidCallback = readInvalidCallback(fields[.invalidCallback], convention: convention, path: path)
        let answers = readActionAnswers(answerContext, convention: convention, fields: fields, path: path)
        return Action(
            name: name,
            routes: routes,
            convention: convention,
            returnParameter: keys.returnParameter,
            responsePrefix: keys.responsePrefix,
            outcomes: keys.outcomes,
            unknownParameters: unknownParameters,
            parameters: values.parameters,
            queryValue: values.queryValue,
            fragment: values.fragment,
            sources: actionSources,
            signatures: actionSignatures,
            returns: returns,
            queryEncoding: actionEncoding,
            description: description,
            answers: answers.answers,
            callbackMatch: answers.callbackMatch,
            select: select,
            requiredCallbacks: requiredCallbacks,
            requiresOneOf: requiresOneOf,
            allowSchemes: allowSchemes,
            customWayBack: custom.wayBack,
            errorReturns: custom.errorReturns,
            stateParameter: custom.stateParameter,
            ignoresFragment: values.ignoresFragment,
            ignoreParameters: ignoreParameters,
            forbidParameters: forbidParameters,
            names: actionNames,
            exclusive: exclusive,
            forbidSchemes: forbidSchemes,
            invalidCallback: invalidCallback,
            pathParameters: pathParameters
        )
    }

    // MARK: - Routes

    /// Reads `url`: one route or a list of them, or the routes the convention derives from the
    /// app's schemes when there is none; records where each was written (``routeSites``).
    private mutating func readRoutes(
        _ fields: SpecFields<ActionKey>,
        node: DocumentNode,
        action name: String,
        app: AppDescription,
        convention: Convention,
        path: String
    ) -> [RoutePattern] {
        let rules = convention.rules
        var routes: [RoutePattern] = []
        // Where each route was written (a list item's own path and node, so a finding about one
        // route points at it) is added to ``routeSites`` from here on.
        let firstSite = routeSites.count
        if let urlNode = fields[.url] {
            // One route, or a list of routes that all lead to the action.
            if let elements = urlNode.elements {
                if elements.isEmpty { error("empty-value", Self.join(path, ActionKey.url), urlNode, "list at least one route") }
                for (index, element) in elements.enumerated() {
                    let site = RouteSite(item: index, node: element)
                    if let text = string(element, site.path(of: path)) { addRoute(text, at: site, path: path, to: &routes) }
                }
            } else if let text = nonEmptyString(urlNode, Self.join(path, ActionKey.url)) {
                addRoute(text, at: RouteSite(item: nil, node: urlNode), path: path, to: &routes)
            }
        } else if let shape = rules.derivedRoute(scheme: "<scheme>", action: name) {
            var refusal: RoundtripError?
            for scheme in app.schemes {
                guard let text = rules.derivedRoute(scheme: scheme, action: name) else { continue }
                do {
                    routes.append(try RoutePattern(text))
                    routeSites.append(RouteSite(item: nil, node: node))
                } catch {
                    refusal = error
                }
            }
            if routes.isEmpty, let refusal {
                error(
                    "invalid-route",
                    Self.join(path, ActionKey.url),
                    node,
                    "the action has no 'url', and its name '\(name)' cannot be the path of '\(shape)': \(refusal.message); give it a 'url' or a URL-safe name"
                )
            } else if routes.isEmpty {
                error(
                    "missing-key",
                    Self.join(path, ActionKey.url),
                    node,
                    "the action has no 'url' and the app has no schemes to derive '\(shape)' from"
                )
            }
        } else {
            error("missing-key", Self.join(path, ActionKey.url), node, "the action needs a 'url' (its route)")
        }
        // Past the last refusal: the action will be read, and its sites stand at its index.
        routeSiteStarts.append(firstSite)
        let sites = routeSites[firstSite...]
        for (route, site) in zip(routes, sites) {
            if let problem = rules.routeProblem(route) {
                error(problem.rule, site.path(of: path), site.node, problem.message)
            }
            if route.isUniversalLink, let name = route.hostPlaceholder {
                // The domain's apple-app-site-association file, not the route, decides which hosts
                // open the app, and `applinks:` entitlements name domains (Apple's "Supporting
                // associated domains"): a universal link has no wildcard host.
                error(
                    "invalid-route",
                    site.path(of: path),
                    site.node,
                    "the universal link '\(route.text)' has the host placeholder ':\(name)', but iOS opens an app only for the domains its associated domains name; write one route per domain (such as 'https://example.com/\(route.path.drop { $0 == "/" })'), or use a custom scheme for any host"
                )
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
        return routes
    }

    // MARK: - Convention keys

    /// An action's convention keys as read: its return parameter and response prefix (return-url),
    /// and its outcomes (`nil` for the convention's defaults).
    struct ConventionKeys {
        var returnParameter = ConventionNames.returnParameter
        var responsePrefix = ""
        var outcomes: [String]?
    }

    /// Reads the keys whose meaning depends on the convention (`return-parameter`,
    /// `response-prefix`, `outcomes`), refusing each that does not apply to `convention`.
    private mutating func readConventionKeys(
        _ fields: SpecFields<ActionKey>,
        node: DocumentNode,
        convention: Convention,
        path: String
    ) -> ConventionKeys {
        let rules = convention.rules
        let applies = rules.conventionKeys
        var keys = ConventionKeys()
        if applies.contains(.returnParameter) {
            keys.returnParameter =
                nonEmptyString(fields[.returnParameter], Self.join(path, ActionKey.returnParameter)) ?? ConventionNames.returnParameter
        }
        if applies.contains(.responsePrefix) {
            keys.responsePrefix = string(fields[.responsePrefix], Self.join(path, ActionKey.responsePrefix)) ?? ""
            if fields[.responsePrefix] == nil || keys.responsePrefix.isEmpty {
                warning(
                    "no-response-prefix",
                    Self.join(path, ActionKey.responsePrefix),
                    node,
                    "without a 'response-prefix' (such as ifcc_) response parameters may collide with the caller's own"
                )
            }
        }
        if applies.contains(.outcomes), let node = fields[.outcomes], let list = stringList(node, Self.join(path, ActionKey.outcomes)) {
            for outcome in list {
                guard let problem = rules.outcomeProblem(outcome) else { continue }
                error("invalid-value", Self.join(path, ActionKey.outcomes), node, problem)
            }
            if list.isEmpty { error("empty-value", Self.join(path, ActionKey.outcomes), node, "list at least one outcome") }
            if Set(list).count != list.count { error("duplicate-value", Self.join(path, ActionKey.outcomes), node, "outcomes must be distinct") }
            keys.outcomes = rules.ordered(outcomes: list)
        }
        for key in Convention.conventionDependentKeys where !applies.contains(key) {
            guard let keyNode = fields[key] else { continue }
            error("convention-mismatch", Self.join(path, key.name), keyNode, rules.mismatch(of: key))
        }
        return keys
    }

    // MARK: - Parameters

    /// Parses one route of an action and adds it, or reports why it cannot be one (it is
    /// malformed, or the action lists it already).
    private mutating func addRoute(_ text: String, at site: RouteSite, path: String, to routes: inout [RoutePattern]) {
        do {
            let route = try RoutePattern(text)
            if let earlier = routes.first(where: { $0.isSameRoute(as: route) }) {
                let same = earlier.text == text ? "" : " (as '\(earlier.text)': scheme and host compare without regard to letter case)"
                error("duplicate-value", site.path(of: path), site.node, "the route '\(text)' is listed twice\(same)")
                return
            }
            routes.append(route)
            routeSites.append(site)
        } catch {
            self.error("invalid-route", site.path(of: path), site.node, error.message)
        }
    }

    /// Reads the values a request carries: the declared `parameters` and one for each route
    /// placeholder, the `query-value` and the `fragment`.
    private mutating func readActionValues(
        _ fields: SpecFields<ActionKey>,
        routes: [RoutePattern],
        convention: Convention,
        keys: ConventionKeys,
        path: String
    ) -> (parameters: [ParameterSpec], queryValue: ParameterSpec?, fragment: ParameterSpec?, ignoresFragment: Bool) {
        var parameters: [ParameterSpec] = []
        if let parametersNode = fields[.parameters] {
            let set = RepeatedDefinitions.ParameterSet(
                node: parametersNode,
                convention: convention,
                returnParameter: keys.returnParameter,
                responsePrefix: keys.responsePrefix
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
            let part =
                routes.contains { $0.hostPlaceholder == placeholder }
                ? "host" : routes.contains { $0.restPlaceholder == placeholder } ? "remaining path" : "segment"
            checkPlaceholderDefinition(parameters[index], node: node, part: part, "\(path).parameters.\(placeholder)")
            // The route matches only with the segment there: a placeholder always has its value.
            parameters[index].isRequired = true
        }
        var queryValue: ParameterSpec?
        if let node = fields[.queryValue] {
            queryValue = readParameter(name: nil, node: node, path: Self.join(path, ActionKey.queryValue), allowName: true, allowList: false)
            if convention.hasWayBack {
                error(
                    "convention-mismatch",
                    Self.join(path, ActionKey.queryValue),
                    node,
                    "'query-value' (the whole query is one value) works only with convention none; \(convention) needs named parameters"
                )
            } else if fields[.parameters] != nil {
                error(
                    "convention-mismatch",
                    Self.join(path, ActionKey.queryValue),
                    node,
                    "an action with 'query-value' cannot also declare query 'parameters'"
                )
            }
        }
        var fragment: ParameterSpec?
        var ignoresFragment = false
        if let node = fields[.fragment] {
            // `fragment: ignore` drops a fragment unread; any other word is a mistake, not a value.
            if let word = node.scalarText {
                if word == Self.ignoreFragment {
                    ignoresFragment = true
                } else {
                    error(
                        "invalid-value",
                        Self.join(path, ActionKey.fragment),
                        node,
                        "'\(word)' is not a fragment: describe it like a parameter with a name ({name: …, type: …}), or write '\(Self.ignoreFragment)' to drop it unread"
                    )
                }
            } else {
                fragment = readParameter(name: nil, node: node, path: Self.join(path, ActionKey.fragment), allowName: true, allowList: false)
            }
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
                        Self.member(fields[key], ParameterKey.valueName) ?? fields[key],
                        "the \(key.name) is named '\(value.name)', which is already the name of \(clash.what) of this action; give it a name of its own"
                    )
                }
                taken.append((name: value.name, what: "the query-value"))
            }
        }
        return (parameters, queryValue, fragment, ignoresFragment)
    }

    /// The word of `fragment: ignore`.
    static let ignoreFragment = "ignore"

    /// Refuses routes of one action that carry different placeholder names: each placeholder is
    /// a required parameter, so a request at a route without it could never be accepted.
    private mutating func checkPlaceholdersAgree(_ routes: [RoutePattern], sites: ArraySlice<RouteSite>, action: String, path: String) {
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
    private mutating func checkPlaceholderDefinition(_ parameter: ParameterSpec, node: DocumentNode?, part: String, _ path: String) {
        let name = parameter.name
        if let required = Self.member(node, ParameterKey.required), !parameter.isRequired {
            error(
                "invalid-value",
                Self.join(path, ParameterKey.required),
                required,
                "':\(name)' is a route placeholder, which is always required (the route matches only when its \(part) is there); drop 'required: false'"
            )
        }
        if let value = Self.member(node, ParameterKey.default) {
            error(
                "invalid-default",
                Self.join(path, ParameterKey.default),
                value,
                "':\(name)' is a route placeholder, which always has a value (the route matches only when its \(part) is there), so a default would never be used; drop it"
            )
        }
        if parameter.allowsEmpty {
            error(
                "invalid-value",
                Self.join(path, ParameterKey.allowEmpty),
                Self.member(node, ParameterKey.allowEmpty),
                "':\(name)' is a route placeholder, which matches only a non-empty \(part == "segment" ? "path segment" : part), so 'allow-empty' never applies; drop it, or carry a value that may be cleared in a query parameter"
            )
        }
        if parameter.isMultiline {
            error(
                "type-mismatch",
                Self.join(path, ParameterKey.multiline),
                Self.member(node, ParameterKey.multiline),
                "':\(name)' is a route placeholder: a \(part == "segment" ? "path segment" : part) is one line, so 'multiline' does not apply; carry multi-line text in a query parameter"
            )
        }
        if parameter.list == .newline {
            error(
                "type-mismatch",
                Self.join(path, ParameterKey.list),
                Self.member(node, ParameterKey.list),
                "':\(name)' is a route placeholder: a \(part == "segment" ? "path segment" : part) is one line, so it cannot be a newline list; use 'list: comma'"
            )
        }
        if parameter.isPresenceSwitch {
            error(
                "type-mismatch",
                Self.join(path, ParameterKey.format),
                Self.member(node, ParameterKey.format),
                "':\(name)' is a route placeholder, which is always there, so a presence switch would always be true; use format: true-false, or a query parameter"
            )
        }
    }

    /// The value of `key` in a mapping node, or `nil`.
    static func member(_ node: DocumentNode?, _ key: String) -> DocumentNode? {
        node?.members?.first { $0.key == key }?.value
    }

    /// The value of `key` in the mapping `node`, if it has one.
    static func member(_ node: DocumentNode?, _ key: some SpecKey) -> DocumentNode? { member(node, key.name) }

    /// A route's placeholders for a message: `:id, :page`, or `none`.
    private static func placeholderList(_ route: RoutePattern) -> String {
        route.placeholderNames.isEmpty ? "none" : route.placeholderNames.map { ":" + $0 }.joined(separator: ", ")
    }
}
