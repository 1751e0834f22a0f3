import Foundation

extension Endpoint {
    /// An action with what its decisions need made once, in named parts: how an incoming name
    /// finds its parameter, how each parameter's values are checked, where each value goes, the
    /// `select` pairs that chose the action, and what taking its callbacks needs.
    ///
    /// A class, so that looking an action up on the hot path costs one reference, never a copy of
    /// the ``Action``'s fields; the parts are read through it in place.
    final class CompiledAction: Sendable {
        /// The action as the spec declares it.
        let action: Action
        /// How an incoming name finds its declared parameter.
        let names: DeclaredNames
        /// What checking and parsing the parameters' values needs.
        let parameters: ParameterChecks
        /// Where a decision puts each value.
        let slots: ValueSlots
        /// The `select` pairs with which the route chose this action.
        let select: SelectPairs
        /// What taking the convention's callbacks (the way back) needs.
        let callbacks: CallbackTaking
        /// The route segments that hold several placeholders (``SplitSegment``), by the name the
        /// router captures them under; empty for most actions, whose decisions never look here.
        let splitSegments: [String: SplitSegment]
        /// `path-parameters`: the names of the placeholders they follow (the last of each route)
        /// and each declared name's position, folded under `names: case-insensitive`; `nil` for
        /// most actions, whose decisions never look here.
        let pathParameters: (placeholders: [String], positions: [String: Int])?

        init(action: Action, keys: any KeyResolver) {
            self.action = action
            names = DeclaredNames(action.parameters.map(\.name), matching: action.names)
            func rule(_ parameter: ParameterSpec, queryEncoding: QueryEncoding) -> ParameterRule {
                ParameterRule(
                    parameter,
                    secret: parameter.type == .secret ? ParameterSecret(for: parameter, keys: keys) : nil,
                    queryEncoding: queryEncoding
                )
            }
            parameters = ParameterChecks(action: action, rules: action.parameters.map { rule($0, queryEncoding: action.queryEncoding) }, names: names)
            // A fragment is not part of the query: its `+` is a plus whatever the query encoding.
            slots = ValueSlots(
                action: action,
                queryValueRule: action.queryValue.map { rule($0, queryEncoding: action.queryEncoding) },
                fragmentRule: action.fragment.map { rule($0, queryEncoding: .rfc3986) }
            )
            select = SelectPairs(action)
            callbacks = CallbackTaking(action)
            var splits: [String: SplitSegment] = [:]
            for route in action.routes { splits.merge(route.splitSegments) { first, _ in first } }
            splitSegments = splits
            if action.pathParameters.isEmpty {
                pathParameters = nil
            } else {
                var positions: [String: Int] = [:]
                for name in action.pathParameters {
                    guard let position = names.index[name] else { continue }
                    positions[action.names == .caseInsensitive ? NameMatching.folded(name) : name] = position
                }
                var placeholders: [String] = []
                for route in action.routes {
                    if case .placeholder(let name) = route.segments.last, !placeholders.contains(name) { placeholders.append(name) }
                }
                pathParameters = (placeholders, positions)
            }
        }
    }

    /// The declared parameter names of an action, for finding an incoming name's parameter.
    struct DeclaredNames: Sendable {
        /// The names in declaration order, for a linear scan when there are few.
        let list: [String]
        /// Each name's position, when there are many.
        let index: [String: Int]
        /// The UTF-8 bytes of the names, back to back, and each name's range in them: incoming
        /// names are matched on their raw bytes before any `String` is made. Empty (so every name
        /// takes the `String` path) when there are more than 16 names or one is not ASCII.
        let bytes: [UInt8]
        let ranges: [Range<Int>]
        /// Under `names: case-insensitive`, each name's position by its folded key
        /// (``NameMatching/folded(_:)``); empty, and never consulted, for names matched as written.
        let folded: [String: Int]

        init(_ names: [String], matching: NameMatching = .exact) {
            list = names
            var folded: [String: Int] = [:]
            if matching == .caseInsensitive {
                for (position, name) in names.enumerated() { folded[NameMatching.folded(name)] = position }
            }
            self.folded = folded
            foldsCase = matching == .caseInsensitive
            var index: [String: Int] = [:]
            for (position, name) in names.enumerated() { index[name] = position }
            self.index = index
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            if names.count <= 16, names.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
                for name in names {
                    ranges.append(bytes.count..<(bytes.count + name.utf8.count))
                    bytes.append(contentsOf: name.utf8)
                }
            }
            self.bytes = bytes
            self.ranges = ranges
        }

        /// The position of a declared parameter: a linear scan of short names beats hashing for
        /// the handful of parameters most actions have.
        func position(of name: String) -> Int? {
            if list.count <= 16 { return list.firstIndex(of: name) }
            return index[name]
        }

        /// Whether names match in any letter case (`names: case-insensitive`).
        let foldsCase: Bool

        /// The declared parameter whose name is `name` in another letter case, under
        /// `names: case-insensitive`; asked only once the name matched no parameter as written.
        func position(folding name: String) -> Int? {
            guard foldsCase else { return nil }
            return folded[NameMatching.folded(name)]
        }

        /// The declared parameter whose name has exactly these bytes, when the raw name has no
        /// `%` and is printable ASCII (so it decodes to itself, and byte equality is `String`
        /// equality against the ASCII declared names). `nil` means "decode it and look it up",
        /// not "unknown".
        func position(rawName: UnsafeBufferPointer<UInt8>) -> Int? {
            guard !ranges.isEmpty, !rawName.isEmpty, PercentDecoding.isVerbatim(rawName) else { return nil }
            return bytes.withUnsafeBufferPointer { names in
                for position in ranges.indices {
                    let range = ranges[position]
                    guard range.count == rawName.count, names[range.lowerBound] == rawName[0] else { continue }
                    if memcmp(names.baseAddress! + range.lowerBound, rawName.baseAddress!, range.count) == 0 { return position }
                }
                return nil
            }
        }
    }

    /// What checking an action's parameters needs, by parameter position.
    struct ParameterChecks: Sendable {
        /// Each parameter with its bounds, decoding options and secret made once, held by
        /// reference so that checking a value never copies a ``ParameterSpec``.
        let rules: [ParameterRule]
        /// How `+` in the action's query reads.
        let queryEncoding: QueryEncoding
        /// Whether the parameter is a `repeated` list, whose name may appear more than once.
        let repeatable: [Bool]
        /// Whether any parameter is a `repeated` list.
        let hasRepeatable: Bool
        /// Whether the parameter holds one `decimal`, whose text as written the request keeps
        /// when it is not the shortest (``WrittenDecimals``).
        let isDecimal: [Bool]
        /// Whether the parameter is a prefix (`fld*`), whose values each keep the name they came
        /// under.
        let isPrefix: [Bool]
        /// The positions of the prefix parameters, in declaration order; empty for most actions,
        /// whose decisions then never look at a prefix.
        let prefixPositions: [Int]
        /// Whether any parameter is a prefix.
        let hasPrefixes: Bool
        /// The `requires-one-of` groups, by the positions of their parameters.
        let requiredGroups: [[Int]]
        /// The `exclusive` groups, by the positions of their parameters; empty for most actions.
        let exclusiveGroups: [[Int]]
        /// Parameters that are route placeholders (and so may not also be in the query).
        let placeholderNames: Set<String>
        /// `ignore-parameters`, or `nil` when the action has none: only then does decoding the
        /// query look an undeclared name up in it.
        let ignored: ParameterNameList?
        /// `forbid-parameters`, or `nil` when the action has none.
        let forbidden: ParameterNameList?
        /// Whether names match in any letter case (`names: case-insensitive`).
        let foldsCase: Bool

        /// Whether an undeclared incoming name is in `list` (``ignored`` or ``forbidden``), folded
        /// first under `names: case-insensitive`.
        func contains(_ name: String, in list: ParameterNameList) -> Bool {
            list.contains(foldsCase ? NameMatching.folded(name) : name)
        }

        init(action: Action, rules: [ParameterRule], names: DeclaredNames) {
            self.rules = rules
            queryEncoding = action.queryEncoding
            repeatable = action.parameters.map { $0.list == .repeated }
            hasRepeatable = repeatable.contains(true)
            isDecimal = action.parameters.map { $0.type == .decimal && $0.list == nil }
            let prefixes = action.parameters.map(\.isPrefix)
            isPrefix = prefixes
            prefixPositions = prefixes.indices.filter { prefixes[$0] }
            hasPrefixes = !prefixPositions.isEmpty
            requiredGroups = action.requiresOneOf.map { group in group.compactMap { name in names.index[name] } }.filter { !$0.isEmpty }
            exclusiveGroups = action.exclusive.map { group in group.compactMap { name in names.index[name] } }.filter { $0.count > 1 }
            placeholderNames = Set(action.routes.flatMap(\.placeholderNames) + action.pathParameters)
            // Under `names: case-insensitive` the lists hold folded entries, and an incoming name
            // is folded before it is looked up in them (``contains(_:in:)``).
            let folds = action.names == .caseInsensitive
            func list(_ list: ParameterNameList) -> ParameterNameList? {
                if list.isEmpty { return nil }
                return folds ? ParameterNameList(list.entries.map(NameMatching.folded)) : list
            }
            ignored = list(action.ignoreParameters)
            forbidden = list(action.forbidParameters)
            foldsCase = folds
        }

        /// The prefix parameter (`fld*`) that stands for an undeclared name (`fldFront`), if any.
        /// A loaded spec has no two prefixes of which one starts the other, so at most one matches.
        ///
        /// - Complexity: O(*p*) byte comparisons for prefixes of *p* bytes in all; nothing for an
        ///   action without prefixes.
        func prefixPosition(of name: String) -> Int? {
            guard hasPrefixes else { return nil }
            for position in prefixPositions where rules[position].spec.matchesPrefix(name) { return position }
            return nil
        }
    }

    /// The value slots a decision fills: the parameters by position, then the `query-value` and
    /// the `fragment` value when the action has them.
    struct ValueSlots: Sendable {
        /// The name of each slot.
        let names: [String]
        /// The rules of the `query-value` and `fragment` values, made once like the parameters'.
        let queryValueRule: ParameterRule?
        let fragmentRule: ParameterRule?
        /// The slots of the `query-value` and `fragment` values.
        let queryValue: Int?
        let fragment: Int?
        /// By parameter position: the `query-value` or `fragment` slot under the same name, if
        /// any (a loaded spec refuses that; an action built in code may have it, and then that
        /// value stands in for the parameter's default).
        let sameName: [Int?]

        init(action: Action, queryValueRule: ParameterRule?, fragmentRule: ParameterRule?) {
            self.queryValueRule = queryValueRule
            self.fragmentRule = fragmentRule
            var names = action.parameters.map(\.name)
            let wholeValueSlots = [action.queryValue, action.fragment].map { value in
                value.map {
                    names.append($0.name)
                    return names.count - 1
                }
            }
            queryValue = wholeValueSlots[0]
            fragment = wholeValueSlots[1]
            self.names = names
            sameName = action.parameters.map { parameter in
                wholeValueSlots.compactMap { $0 }.first { names[$0] == parameter.name }
            }
        }
    }

    /// The `select` pairs that chose an action. The route's selection read them, so decoding the
    /// query passes over them: they are neither declared nor reported.
    struct SelectPairs: Sendable {
        /// The pairs' names.
        let names: [String]
        /// ``names`` for a query item's raw name.
        let rawNames: RawNames
        /// ``Action/selectShadowsParameter``.
        let shadowsParameter: Bool

        init(_ action: Action) {
            names = action.select.map(\.name)
            rawNames = RawNames(names)
            shadowsParameter = action.selectShadowsParameter
        }
    }

    /// What taking the convention's callback parameters needs.
    struct CallbackTaking: Sendable {
        /// Whether a declared parameter has the name of one of the convention's callback
        /// parameters (only an action built in code can: the loader refuses it).
        let declaresCallbackName: Bool
        /// Whether callbacks are matched as whole URLs (`callback-match: exact`).
        let matchesExactly: Bool
        /// Whether the action describes its own callbacks (`custom`), which are taken from
        /// where its ``Action/wayBack`` says.
        let isCustom: Bool

        init(_ action: Action) {
            isCustom = action.customWayBack != nil
            let customNames = action.customWayBack?.callbacks.compactMap { location -> String? in
                if case .jsonMember = location.place { return nil }
                return location.place.parameter
            }
            let callbackNames = Set(action.convention.reservedParameters + [action.returnParameter] + (customNames ?? []))
            declaresCallbackName = action.parameters.contains { parameter in
                callbackNames.contains(parameter.name) || callbackNames.contains { parameter.matchesPrefix($0) }
            }
            matchesExactly = action.callbackMatch == .exact
        }
    }
}
