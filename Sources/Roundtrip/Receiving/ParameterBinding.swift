/// The parameters step of the receiving decision: binds each query item, route placeholder,
/// whole-query value and fragment to its declared parameter, parses it, and fills in defaults.
struct ParameterBinding {
    private let compiled: Endpoint.CompiledAction
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The typed values by slot (see ``Endpoint/ValueSlots/names``): binding by
    /// position hashes no names.
    private var values: [ParameterValue?]
    /// The undeclared parameters of an action that accepts them, in order.
    private var undeclared: [QueryItem] = []
    /// The values of the names prefix parameters (`fld*`) stand for, each under its own name
    /// (`fldFront`), in order; empty, and never allocated, for an action without prefixes.
    private var prefixed: [(name: String, value: ParameterValue)] = []
    /// Which declared parameters have a value, so the defaults pass needs no lookups.
    private var given = GivenParameters()
    /// The decimals whose text as written is not their shortest form (`10.00`), by slot, so the
    /// request reports them as written.
    private var writtenDecimals = WrittenDecimals()

    init(_ compiled: Endpoint.CompiledAction, bytes: UnsafeBufferPointer<UInt8>) {
        self.compiled = compiled
        self.bytes = bytes
        // Filled through a buffer: `Array(repeating:count:)` copies the `nil` through the
        // optional's value witnesses, element by element.
        let count = compiled.slots.names.count
        values = [ParameterValue?](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.initialize(repeating: nil)
            initialized = count
        }
    }

    /// The bound values as the accepted request holds them, and the undeclared parameters an
    /// action that accepts them kept. Consumes the binding, so its values move into the request
    /// without a copy.
    consuming func finish() -> (parameters: RequestParameters, undeclared: [QueryItem]) {
        (RequestParameters(names: compiled.slots.names, values: values, prefixed: prefixed, written: writtenDecimals), undeclared)
    }

    /// Binds the query items left after the signature and callbacks steps: an undeclared name is
    /// refused, dropped or kept as text by the action's `unknown-parameters`; the items of a
    /// `repeated` list are gathered and parsed together.
    mutating func bind(_ items: [IncomingItem]) throws(RoundtripError) {
        // The raw items of `repeated` lists, by position.
        var repeatedItems: [Int: [String]] = [:]
        for item in items {
            guard let position = item.position else {
                if let forbidden = compiled.parameters.forbidden, compiled.parameters.contains(item.name, in: forbidden) {
                    throw RoundtripError(
                        .unknownParameter,
                        "the action '\(compiled.action.name)' forbids the parameter '\(ParameterParsing.abbreviated(item.name))' (forbid-parameters)",
                        parameter: item.name
                    )
                }
                switch compiled.action.unknownParameters {
                case .ignore: continue
                case .accept:
                    try refuseResponsePrefix(item.name)
                    undeclared.append(QueryItem(name: item.name, value: item.valueText(in: bytes)))
                    continue
                case .reject: break
                }
                throw RoundtripError(
                    .unknownParameter,
                    "the action '\(compiled.action.name)' does not take a parameter '\(ParameterParsing.abbreviated(item.name))'\(suggestion(item.name))",
                    parameter: item.name
                )
            }
            if !compiled.parameters.placeholderNames.isEmpty, compiled.parameters.placeholderNames.contains(item.name) {
                throw RoundtripError(
                    .duplicateParameter,
                    "the parameter '\(item.name)' is part of the route and may not also be in the query",
                    parameter: item.name
                )
            }
            if compiled.parameters.hasPrefixes, compiled.parameters.isPrefix[position] {
                prefixed.append((item.name, try parsePrefixed(item, rule: compiled.parameters.rules[position])))
                continue
            }
            given.insert(position)
            if compiled.parameters.hasRepeatable, compiled.parameters.repeatable[position] {
                repeatedItems[position, default: []].append(item.text(in: bytes))
                continue
            }
            values[position] = try parse(item, rule: compiled.parameters.rules[position])
            if compiled.parameters.isDecimal[position] { keepWritten(item, slot: position) }
        }
        for (position, texts) in repeatedItems.sorted(by: { $0.key < $1.key }) {
            let rule = compiled.parameters.rules[position]
            // One empty occurrence of an `allow-empty` list ('tag=') clears it.
            if texts == [""], rule.spec.allowsEmpty {
                values[position] = .empty
            } else {
                values[position] = try ParameterParsing.parseItems(texts, rule: rule)
            }
        }
    }

    /// Remembers a decimal's text as written when it is not the shortest form the value would
    /// print as (`10.00`, `010`, `-0`): a payment amount keeps its scale. Called for every value
    /// of a decimal parameter that parsed; the only one of those that is not a number, the empty
    /// value `allow-empty` lets through, counts as shortest and is never kept.
    private mutating func keepWritten(_ item: IncomingItem, slot: Int) {
        switch item.value {
        case .absent: return
        case .plain(let range):
            if !DecimalText.isShortest(UnsafeBufferPointer(rebasing: bytes[range])) { writtenDecimals.append(slot: slot, urlBytes: range) }
        case .decoded(var text):
            if !text.withUTF8(DecimalText.isShortest) { writtenDecimals.append(slot: slot, decoded: text) }
        }
    }

    /// Parses one item's value: `""` without `=`, in place when it decodes to itself.
    private func parse(_ item: IncomingItem, rule: ParameterRule) throws(RoundtripError) -> ParameterValue {
        switch item.value {
        case .absent: try ParameterParsing.parse("", rule: rule)
        case .plain(let range): try ParameterParsing.parse(UnsafeBufferPointer(rebasing: bytes[range]), text: nil, rule: rule)
        case .decoded(let text): try ParameterParsing.parse(text, rule: rule)
        }
    }

    /// Parses the value of a name a prefix parameter stands for; a refusal names the parameter
    /// as it came (`fldFront`), not the prefix (`fld*`).
    private func parsePrefixed(_ item: IncomingItem, rule: ParameterRule) throws(RoundtripError) -> ParameterValue {
        do {
            return try parse(item, rule: rule)
        } catch {
            // Only on a refusal: parsed again under a rule of the name it came with, for the message.
            var named = rule.spec
            named.name = item.name
            return try parse(item, rule: ParameterRule(named, secret: rule.secret, queryEncoding: compiled.parameters.queryEncoding))
        }
    }

    /// Binds the route's placeholders (`:script` in `runner:///run/:script`), percent-decoded;
    /// a host placeholder's host in ``HostValue``'s normal form (decoded, lowercased), refused
    /// when it is no host; a rest placeholder's segments each decoded, their dot segments
    /// removed (``RestPath``), then joined with `/`.
    mutating func bindRoute(_ match: Router.ByteMatch, host: Range<Int>) throws(RoundtripError) {
        for (name, range) in match.placeholders {
            if !compiled.splitSegments.isEmpty, let split = compiled.splitSegments[name] {
                try bindSplit(split, name: name, range)
                continue
            }
            if let pathParameters = compiled.pathParameters, pathParameters.placeholders.contains(name) {
                try bindPathParameters(after: name, range, positions: pathParameters.positions)
                continue
            }
            try bind(name, try Self.decode(UnsafeBufferPointer(rebasing: bytes[range]), what: "the route segment ':\(name)'", name))
        }
        if let name = match.hostName {
            switch HostValue.normalized(UnsafeBufferPointer(rebasing: bytes[host])) {
            case .success(let normalized):
                try bind(name, normalized)
            case .failure(let problem):
                // Bytes that are not UTF-8 are an encoding fault; anything else is no host.
                let code: RoundtripError.Code = if case .decoding(.invalidUTF8) = problem { .invalidEncoding } else { .invalidParameter }
                throw RoundtripError(code, problem.message(for: "the host ':\(name)'"), parameter: name)
            }
        }
        if let rest = match.rest {
            let what = "the rest of the path ':\(rest.name)*'"
            var segments: [String] = []
            var start = rest.range.lowerBound
            for end in rest.range where bytes[end] == 0x2F {
                segments.append(try Self.decode(UnsafeBufferPointer(rebasing: bytes[start..<end]), what: what, rest.name))
                start = end + 1
            }
            segments.append(try Self.decode(UnsafeBufferPointer(rebasing: bytes[start..<rest.range.upperBound]), what: what, rest.name))
            if let problem = RestPath.removeDotSegments(&segments) {
                // Named by the action's route with this rest placeholder (the match does not say which).
                let route = compiled.action.routes.first { $0.restPlaceholder == rest.name }?.text ?? ":\(rest.name)*"
                throw RoundtripError(.invalidParameter, problem.message(rest.name, route: route), parameter: rest.name)
            }
            try bind(rest.name, segments.joined(separator: "/"))
        }
    }

    /// Splits a segment that holds several placeholders (``SplitSegment``) and binds each value.
    ///
    /// - Throws: `unknown-route` when the segment does not split as the route writes it.
    private mutating func bindSplit(_ split: SplitSegment, name: String, _ range: Range<Int>) throws(RoundtripError) {
        var steps = 0
        switch split.split(bytes, range, steps: &steps) {
        case .success(let ranges):
            for (piece, pieceRange) in zip(split.names, ranges) {
                try bind(piece, try Self.decode(UnsafeBufferPointer(rebasing: bytes[pieceRange]), what: "the route value ':\(piece)'", piece))
            }
        case .failure(let failure):
            let route = compiled.action.routes.first { $0.splitSegments[name] != nil }?.text ?? ":\(name)"
            let segment = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            throw RoundtripError(.unknownRoute, split.mismatch(failure, segment: segment, route: route))
        }
    }

    /// Binds the last placeholder of a route with `path-parameters`: its value up to the
    /// segment's first `;`, then each `;name=value` pair after it (``PathParameters``) to its
    /// declared parameter. A name given twice (in any case under `names: case-insensitive`) is
    /// `duplicate-parameter`; an undeclared one is refused, dropped or kept by the action's
    /// `unknown-parameters`, as a query name is.
    private mutating func bindPathParameters(after name: String, _ range: Range<Int>, positions: [String: Int]) throws(RoundtripError) {
        var steps = 0
        let (value, pairs) = PathParameters.split(bytes, range, steps: &steps)
        let what = "the route segment ':\(name)'"
        guard !value.isEmpty else {
            throw RoundtripError(.invalidParameter, "\(what) is empty before its ';' parameters", parameter: name)
        }
        try bind(name, try Self.decode(UnsafeBufferPointer(rebasing: bytes[value]), what: what, name))
        var seen = Set<Int>()
        for pair in pairs {
            let pairName = try Self.decode(UnsafeBufferPointer(rebasing: bytes[pair.name]), what: "a ';' parameter's name after ':\(name)'", name)
            guard !pairName.isEmpty else {
                throw RoundtripError(.invalidParameter, "\(what) has a ';' with no parameter name after it", parameter: name)
            }
            var text = ""
            if let range = pair.value {
                text = try Self.decode(UnsafeBufferPointer(rebasing: bytes[range]), what: "the ';\(pairName)' parameter after ':\(name)'", pairName)
            }
            let key = compiled.action.names == .caseInsensitive ? NameMatching.folded(pairName) : pairName
            guard let position = positions[key] else {
                switch compiled.action.unknownParameters {
                case .ignore: continue
                case .accept:
                    undeclared.append(QueryItem(name: pairName, value: text))
                    continue
                case .reject:
                    let declared = compiled.action.pathParameters.map { "';\($0)'" }.joined(separator: ", ")
                    throw RoundtripError(
                        .unknownParameter,
                        "the action '\(compiled.action.name)' does not take a ';\(ParameterParsing.abbreviated(pairName))' parameter after ':\(name)' (it takes \(declared))",
                        parameter: pairName
                    )
                }
            }
            let declared = compiled.names.list[position]
            guard seen.insert(position).inserted else {
                throw RoundtripError(.duplicateParameter, "the ';\(declared)' parameter after ':\(name)' is given twice", parameter: declared)
            }
            values[position] = try parseKeepingScale(text, rule: compiled.parameters.rules[position], slot: position)
            given.insert(position)
        }
    }

    /// Parses a route value into its declared parameter; an undeclared one (an action built in
    /// code) is left out.
    private mutating func bind(_ name: String, _ text: String) throws(RoundtripError) {
        guard let position = compiled.names.index[name] else { return }
        values[position] = try parseKeepingScale(text, rule: compiled.parameters.rules[position], slot: position)
        given.insert(position)
    }

    /// Parses a value that arrived as decoded text (a route value, a path parameter, the whole
    /// query, the fragment), remembering a decimal's text as written when it is not the shortest
    /// form, as ``keepWritten(_:slot:)`` does for a query item: `;u=6.500` and `/pay/10.00` keep
    /// their scale.
    private mutating func parseKeepingScale(_ text: String, rule: ParameterRule, slot: Int) throws(RoundtripError) -> ParameterValue {
        let parsed = try ParameterParsing.parse(text, rule: rule)
        if case .decimal = parsed {
            var text = text
            if !text.withUTF8(DecimalText.isShortest) { writtenDecimals.append(slot: slot, decoded: text) }
        }
        return parsed
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, what: String, _ name: String) throws(RoundtripError) -> String {
        do throws(PercentDecoding.Failure) {
            return try PercentDecoding.decode(bytes)
        } catch {
            throw RoundtripError(.invalidEncoding, error.message(for: what), parameter: name)
        }
    }

    /// Binds a `query-value` action's whole query (already decoded), or its default.
    mutating func bindQueryValue(_ text: String?) throws(RoundtripError) {
        guard let rule = compiled.slots.queryValueRule, let slot = compiled.slots.queryValue else { return }
        let spec = rule.spec
        if let text, !text.isEmpty {
            values[slot] = try parseKeepingScale(text, rule: rule, slot: slot)
        } else if spec.isRequired {
            throw RoundtripError(
                .missingParameter,
                "the action '\(compiled.action.name)' needs its value '\(spec.name)' as the whole query ('?…')",
                parameter: spec.name
            )
        } else if let value = spec.defaultValue {
            values[slot] = try ParameterParsing.parse(value, rule: rule)
        }
    }

    /// Binds the fragment to the action's `fragment` value. A fragment the action does not
    /// declare is an unknown parameter under every `unknown-parameters` policy (that policy is
    /// about query names; a fragment has none to ignore or pass on), unless the action says
    /// `fragment: ignore`.
    mutating func bindFragment(_ fragment: UnsafeBufferPointer<UInt8>?) throws(RoundtripError) {
        guard let rule = compiled.slots.fragmentRule, let slot = compiled.slots.fragment else {
            if let fragment, !fragment.isEmpty, !compiled.action.ignoresFragment {
                throw RoundtripError(
                    .unknownParameter,
                    "the URL has a fragment ('#…') but the action '\(compiled.action.name)' declares none; 'fragment: ignore' would drop it",
                    parameter: "#"
                )
            }
            return
        }
        let spec = rule.spec
        if let fragment, !fragment.isEmpty {
            values[slot] = try parseKeepingScale(try Endpoint.decodeWhole(fragment, rule: rule), rule: rule, slot: slot)
        } else if let value = spec.defaultValue {
            values[slot] = try ParameterParsing.parse(value, rule: rule)
        } else if spec.isRequired {
            throw RoundtripError(
                .missingParameter,
                "the action '\(compiled.action.name)' needs its value '\(spec.name)' as the fragment ('#…')",
                parameter: spec.name
            )
        }
    }

    /// Refuses a request that carries no member of a `requires-one-of` group, naming the group.
    /// A member given empty (`id=`) counts only when it has `allow-empty` (its value is then
    /// ``ParameterValue/empty``, "clear this field"): a string's or base64's empty text without
    /// it names nothing, so it does not stand in for the group.
    ///
    /// - Complexity: O(the groups' members); nothing for an action without groups.
    func checkRequiredGroups() throws(RoundtripError) {
        for group in compiled.parameters.requiredGroups where !group.contains(where: { Self.namesSomething(values[$0]) }) {
            let names = group.map { "'\(compiled.names.list[$0])'" }.joined(separator: ", ")
            let empty = group.filter { values[$0] != nil }.map { "'\(compiled.names.list[$0])='" }
            let why =
                empty.isEmpty
                ? "" : " (\(empty.joined(separator: ", ")) \(empty.count == 1 ? "is" : "are") empty, which counts only with 'allow-empty')"
            throw RoundtripError(
                .missingParameter,
                "the action '\(compiled.action.name)' requires one of \(names)\(why)",
                parameter: compiled.names.list[group[0]]
            )
        }
    }

    /// Refuses a request that gives two members of an `exclusive` group, naming both (the first
    /// two in declaration order). Run before the defaults are filled in, so every value is one
    /// the caller gave.
    ///
    /// - Complexity: O(the groups' members); nothing for an action without groups.
    func checkExclusiveGroups() throws(RoundtripError) {
        for group in compiled.parameters.exclusiveGroups {
            guard let first = group.firstIndex(where: { values[$0] != nil }),
                let second = group[(first + 1)...].first(where: { values[$0] != nil })
            else { continue }
            let (one, other) = (compiled.names.list[group[first]], compiled.names.list[second])
            throw RoundtripError(
                .invalidParameter,
                "the action '\(compiled.action.name)' takes at most one of '\(one)' and '\(other)' (exclusive)",
                parameter: other
            )
        }
    }

    /// Whether a value given for a `requires-one-of` member meets its group: any value but the
    /// empty text of a parameter without `allow-empty` (`.string("")`, or `.data` of nothing).
    private static func namesSomething(_ value: ParameterValue?) -> Bool {
        switch value {
        case nil: false
        case .string(let text)?: !text.isEmpty
        case .data(let bytes)?: !bytes.isEmpty
        default: true
        }
    }

    /// Fills in the defaults of the declared parameters that got no value, and refuses a
    /// missing required one.
    mutating func applyDefaults() throws(RoundtripError) {
        for (position, rule) in compiled.parameters.rules.enumerated() where !given.contains(position) {
            let name = rule.spec.name
            // A `query-value` or `fragment` under the same name stands in for the parameter.
            if let slot = compiled.slots.sameName[position], values[slot] != nil { continue }
            if let value = rule.spec.defaultValue {
                values[position] = try ParameterParsing.parse(value, rule: rule)
            } else if let items = rule.spec.defaultItems {
                values[position] = try ParameterParsing.parseItems(items, rule: rule)
            } else if rule.spec.isRequired {
                throw RoundtripError(.missingParameter, "the action '\(compiled.action.name)' requires the parameter '\(name)'", parameter: name)
            } else if rule.spec.booleanFormat == .presence, rule.spec.type == .boolean {
                // A `presence` switch that is not there is off.
                values[position] = .boolean(false)
            }
        }
    }

    /// Refuses an undeclared name that starts with a return-url action's response prefix: those
    /// names are its answer's, as `rt-` names are Roundtrip's, and a request that carries one could
    /// pass for an answer, or make the handler read one, as if the app had set it.
    private func refuseResponsePrefix(_ name: String) throws(RoundtripError) {
        let prefix = compiled.action.responsePrefix
        guard compiled.action.convention == .returnURL, !prefix.isEmpty, name.hasPrefix(prefix) else { return }
        throw RoundtripError(
            .reservedParameter,
            "the parameter '\(ParameterParsing.abbreviated(name))' starts with the response prefix '\(prefix)', which only the action's answers use; a request may not carry it",
            parameter: name
        )
    }

    private func suggestion(_ name: String) -> String {
        guard name.count < 64 else { return "" }
        guard let closest = NameSuggestion.closest(to: name, among: compiled.action.parameters.map(\.name)) else { return "" }
        return " (did you mean '\(closest)'?)"
    }
}
