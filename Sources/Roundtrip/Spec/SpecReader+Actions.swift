/// An action: its routes, its convention's keys, its parameters and its policies.
extension SpecReader {
    mutating func readAction(
        name: String,
        keyNode: DocumentNode,
        node: DocumentNode,
        app: AppDescription,
        sources: SourcePolicy,
        signatures: SignatureRequirement,
        queryEncoding: QueryEncoding
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
        return Action(
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
}
