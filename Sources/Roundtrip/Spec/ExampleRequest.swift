import Foundation

/// Example values for a spec's parameters: text that a receiving app accepts, for generated
/// documentation, code and tests.
///
/// Each value passes the parameter's type and every constraint, and is checked against them
/// before it is returned, by the same rules that decide an incoming URL:
///
/// | declared | example |
/// | --- | --- |
/// | `enum` | its first value (that passes the other constraints) |
/// | `string` | `example`, cut or lengthened to `min-length`/`max-length`; two lines when `multiline` |
/// | `pattern` | a common word that matches, or text written from the pattern itself |
/// | `integer`, `decimal` | `42` or `12.5` when within `minimum`/`maximum`, else a bound |
/// | `boolean` | `true`, or `yes` for `format: yes-no` |
/// | `uuid`, `url` | a fixed UUID, `https://example.com/` |
/// | `date` | 2026-03-14 09:30 UTC in the parameter's format |
/// | `json` | `{}` |
/// | `base64` | the bytes of `example`, no more than `max-bytes` |
/// | `secret` | a placeholder (see ``secretPlaceholder(for:)``) |
/// | `list` | two items (or `min-items`, at most `max-items`) |
///
/// When no such value can be written (a pattern beyond what the writer reads, say) the
/// parameter's `default` is used, and without one the example is refused with a message that
/// says why.
///
/// ```swift
/// let tags = ParameterSpec(name: "tags", maximumLength: 40, list: .comma, maximumItems: 20)
/// try ExampleValue.text(for: tags)    // "example-1,example-2"
/// ```
public enum ExampleValue {
    /// The instant example dates show: 2026-03-14 09:30:00 UTC.
    public static let date = Date(timeIntervalSince1970: 1_773_480_600)

    /// The UUID example `uuid` values show.
    public static let uuid = "3f2b8c1e-7d4a-4e6b-9a5c-2d1e8f7b6a40"

    /// The value a `secret` parameter's example carries in a URL: `example-secret-from-<VAR>`, for
    /// the parameter's `secret-env` variable (`example-secret` without one).
    ///
    /// It is a stand-in, never the app's secret: a receiving app accepts the example only when
    /// its key resolver holds the placeholder (``ExampleRequest/environment``), and documentation
    /// shows ``secretDisplay(for:)`` in its place.
    public static func secretPlaceholder(for parameter: ParameterSpec) -> String {
        parameter.secretEnvironment.map { "example-secret-from-" + $0 } ?? "example-secret"
    }

    /// How documentation shows a secret's example value: `<secret from VAR>`.
    public static func secretDisplay(for parameter: ParameterSpec) -> String {
        parameter.secretEnvironment.map { "<secret from \($0)>" } ?? "<secret>"
    }

    /// The example written as one query value: a list's items joined with its separator (`,`
    /// for `comma` and `repeated`, a line feed for `newline`). A `repeated` list sends one text
    /// per item (see ``texts(for:)``).
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when no value passes the parameter's
    ///   constraints and it has no `default`.
    public static func text(for parameter: ParameterSpec) throws(RoundtripError) -> String {
        let items = try items(for: parameter)
        return items.joined(separator: parameter.list == .newline ? "\n" : ",")
    }

    /// The example's query texts: one per item for a `repeated` list, otherwise one.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when no value passes the parameter's
    ///   constraints and it has no `default`.
    public static func texts(for parameter: ParameterSpec) throws(RoundtripError) -> [String] {
        if parameter.list == .repeated { return try items(for: parameter) }
        return [try text(for: parameter)]
    }

    /// The example's items: a list's items, or the one value of a single parameter.
    ///
    /// - Throws: ``RoundtripError`` `invalid-parameter` when no value passes the parameter's
    ///   constraints and it has no `default`.
    public static func items(for parameter: ParameterSpec) throws(RoundtripError) -> [String] {
        if parameter.type == .secret { return [secretPlaceholder(for: parameter)] }
        guard let form = parameter.list else {
            if let value = firstValid(candidates(for: parameter, item: 0, inList: false), for: parameter) { return [value] }
            if let value = parameter.defaultValue, isValid([value], for: parameter) { return [value] }
            throw unavailable(parameter)
        }
        var single = parameter
        single.list = nil
        single.minimumItems = nil
        single.maximumItems = nil
        single.defaultItems = nil
        let count = max(parameter.minimumItems ?? 1, min(2, parameter.maximumItems ?? 2), 1)
        var items: [String] = []
        for index in 0..<count {
            let fitting = candidates(for: single, item: index, inList: true).filter { !$0.isEmpty && !form.splits($0) }
            guard let item = firstValid(fitting, for: single) ?? items.first else { break }
            items.append(item)
        }
        if items.count == count, isValid(form == .repeated ? items : [items.joined(separator: form.separator)], for: parameter) {
            return items
        }
        if let defaults = parameter.defaultItems, !defaults.isEmpty,
            isValid(form == .repeated ? defaults : [defaults.joined(separator: form.separator)], for: parameter)
        {
            return defaults
        }
        throw unavailable(parameter)
    }

    // MARK: - Candidates

    /// The values tried for one item, best first; each is checked before it is used.
    static func candidates(for parameter: ParameterSpec, item index: Int, inList: Bool) -> [String] {
        var candidates: [String] = []
        if let allowed = parameter.allowedValues, !allowed.isEmpty {
            let rotated = Array(allowed[(index % allowed.count)...] + allowed[..<(index % allowed.count)])
            for value in rotated {
                if parameter.type == .boolean, let flag = Bool(value) {
                    candidates.append(parameter.booleanFormat.text(for: flag))
                }
                candidates.append(value)
            }
        }
        let suffix = inList ? "-\(index + 1)" : ""
        switch parameter.type {
        case .string, .secret:
            if parameter.isMultiline { candidates.append("first line\nsecond line") }
            candidates.append(fitted("example" + suffix, parameter))
            candidates += ["example", "Example", "EXAMPLE", "example.txt", "example@example.com", "ABC-123", "12345", "a", "A", "1"]
        case .integer:
            candidates += [42 + index, 1 + index, 0].map(String.init)
            candidates += bounds(of: parameter).map { NSDecimalNumber(decimal: $0).int64Value }.map(String.init)
        case .decimal:
            candidates += ["12.5", "\(index + 1).25", "1", "0"]
            candidates += bounds(of: parameter).map(\.description)
        case .boolean:
            candidates += [parameter.booleanFormat.text(for: true), parameter.booleanFormat.text(for: false)]
        case .uuid:
            candidates.append(String(uuid.dropLast()) + String(index % 10))
        case .url:
            candidates += ["https://example.com/" + (index == 0 ? "" : String(index + 1)), "example://x"]
        case .date(let format):
            candidates.append(format.format(date.addingTimeInterval(Double(index) * 86_400)))
        case .json:
            candidates += ["{}", "[]", "{\"example\":true}", "\"example\"", "1", "true", "null"]
        case .base64:
            let bytes = Array(("example" + suffix).utf8)
            candidates.append(Base64Standard.encode(bytes.prefix(max(parameter.maximumBytes ?? bytes.count, 1))))
            candidates.append(Base64Standard.encode([0x65]))
        }
        if let pattern = parameter.pattern {
            candidates += PatternWriter.texts(matching: pattern.source, lengths: lengthHints(parameter))
        }
        return candidates
    }

    /// `text` lengthened or cut to the parameter's `min-length` and `max-length`.
    static func fitted(_ text: String, _ parameter: ParameterSpec) -> String {
        var text = text
        if let minimum = parameter.minimumLength, text.count < minimum {
            while text.count < minimum { text += "-example" }
            text = String(text.prefix(minimum))
        }
        if let maximum = parameter.maximumLength, text.count > maximum { text = String(text.prefix(max(maximum, 1))) }
        return text
    }

    /// The numeric bounds a number may take, nearest the middle first.
    private static func bounds(of parameter: ParameterSpec) -> [Decimal] {
        var values: [Decimal] = []
        if let minimum = parameter.minimum {
            var rounded = Decimal()
            var copy = minimum
            NSDecimalRound(&rounded, &copy, 0, .up)
            values += [rounded, minimum]
        }
        if let maximum = parameter.maximum {
            var rounded = Decimal()
            var copy = maximum
            NSDecimalRound(&rounded, &copy, 0, .down)
            values += [rounded, maximum]
        }
        return values
    }

    /// Repetition counts worth trying for a pattern, so that its text can meet the length bounds.
    private static func lengthHints(_ parameter: ParameterSpec) -> [Int] {
        var hints = [1, 0, 2, 3, 4, 6, 8, 12, 16]
        if let minimum = parameter.minimumLength { hints += [minimum, minimum + 1, minimum / 2 + 1] }
        if let maximum = parameter.maximumLength { hints += [maximum, max(maximum - 1, 0)] }
        var seen = Set<Int>()
        return hints.filter { $0 <= 4096 && seen.insert($0).inserted }
    }

    // MARK: - Checking

    private static func firstValid(_ candidates: [String], for parameter: ParameterSpec) -> String? {
        candidates.first { !$0.isEmpty && isValid([$0], for: parameter) }
    }

    /// Whether the query texts pass the parameter's type and constraints, as a receiving app
    /// decides them, and hold no character its decoding refuses.
    static func isValid(_ texts: [String], for parameter: ParameterSpec) -> Bool {
        let lineBreaks = parameter.isMultiline || parameter.list == .newline
        for text in texts {
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if value < 0x20, !(lineBreaks && (value == 0x0A || (parameter.isMultiline && value == 0x09))) { return false }
                if value == 0x7F || (0x80...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
                    return false
                }
            }
        }
        var probe = parameter
        probe.defaultValue = nil
        probe.defaultItems = nil
        do {
            _ = try ReturnedValues.check(texts.map { QueryItem(name: parameter.name, value: $0) }, against: [probe], action: "example")
            return true
        } catch {
            return false
        }
    }

    private static func unavailable(_ parameter: ParameterSpec) -> RoundtripError {
        var why = "no example value passes the type \(parameter.type) and constraints of '\(parameter.name)'"
        if let pattern = parameter.pattern {
            why = "no example value for '\(parameter.name)' could be written that matches the pattern \(pattern.source) within its constraints"
        }
        return RoundtripError(.invalidParameter, why + ", and it has no default", parameter: parameter.name)
    }
}

extension ListForm {
    /// What joins items into one query value (`repeated` lists never join; `,` is shown).
    fileprivate var separator: String { self == .newline ? "\n" : "," }

    /// Whether an item holding `text` would be split in two.
    fileprivate func splits(_ text: String) -> Bool {
        switch self {
        case .repeated: false
        case .comma: text.contains(",")
        case .newline: text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }
        }
    }
}

/// An example request to one action, built with ``RequestBuilder`` from example values: exactly
/// the URL a calling app would send, and the answer it would get back.
///
/// Every parameter carries ``ExampleValue``'s example (with `includingOptional: false`, only the
/// required ones and the route's placeholders). An action that answers gets callbacks derived
/// from a callback base the spec's callback policy allows, each with the example `rt-state`
/// nonce; an x-callback-url request names its caller in `x-source`.
///
/// ```swift
/// let spec = try SpecLoader.load(contentsOf: "Examples/things.yaml").spec
/// let example = try ExampleRequest(for: spec.action(named: "add")!, in: spec)
/// example.url        // things:///add?title=example&…&x-success=example-caller%3A%2F%2Fcallback%2Fsuccess%3Frt-state%3D…
/// try example.answer(in: spec)   // example-caller://callback/success?rt-state=…&x-things-id=example-1%2Cexample-2
/// ```
///
/// A `secret` parameter carries ``ExampleValue/secretPlaceholder(for:)``: the receiving app
/// accepts the example when its key resolver holds ``environment``
/// (`EnvironmentKeyResolver(environment: example.environment)`), and documentation shows
/// ``displayURL``. An action that requires signatures gets the URL before signing unless a
/// signer is given (see ``needsSignature``).
public struct ExampleRequest: Sendable, Hashable {
    /// The `rt-state` nonce example callbacks carry: base64url of `example-rt-state`.
    public static let nonce = "ZXhhbXBsZS1ydC1zdGF0ZQ"
    /// The caller's name an x-callback-url example sends as `x-source`.
    public static let callerName = "Example Caller"
    /// The callback base used when the spec has no `callbacks` allow-list (custom scheme).
    public static let customCallbackBase = "example-caller://callback"
    /// The callback base used for a Universal Link Callback when the spec has no allow-list.
    public static let universalLinkCallbackBase = "https://caller.example.com/callback"

    /// The action's name.
    public let actionName: String
    /// The request URL, exactly as a caller sends it; secrets hold their placeholders.
    public let url: String
    /// The parameters given to ``RequestBuilder``, by name, in the action's order (`x-source`
    /// included).
    public let parameters: [QueryItem]
    /// The callback base the callbacks were derived from; `nil` when the request carries none.
    public let callbackBase: String?
    /// Each `secret` parameter's `secret-env` variable and the placeholder the URL carries for it:
    /// what a key resolver needs to hold for the receiving app to accept the example.
    public let environment: [String: String]
    /// ``url`` as documentation shows it: each secret as `<secret from VAR>`.
    public let displayURL: String
    /// Whether the action requires signed requests and ``url`` is not signed yet.
    public let needsSignature: Bool

    /// Builds the example request to `action`.
    ///
    /// - Parameters:
    ///   - action: One of `spec`'s actions.
    ///   - spec: The receiving app's spec.
    ///   - callbackBase: The base to derive callbacks from; `nil` picks one the spec's callback
    ///     policy allows (an allow-list entry, or ``customCallbackBase`` /
    ///     ``universalLinkCallbackBase`` without a list). Ignored for convention `none`.
    ///   - includingOptional: `false` for only the required parameters.
    ///   - signer: Signs the request; without one, an action that requires signatures gets its
    ///     URL before signing.
    ///   - now: The signature's time.
    ///   - nonce: The callbacks' `rt-state`.
    /// - Throws: ``RoundtripError``: `invalid-parameter` when a parameter has no example value,
    ///   or the builder's reject (`forbidden-callback` when no base the policy allows can be
    ///   found for a convention that needs callbacks).
    public init(
        for action: Action,
        in spec: Spec,
        callbackBase: String? = nil,
        includingOptional: Bool = true,
        signer: RequestSigner? = nil,
        now: Date = Date(),
        nonce: String = ExampleRequest.nonce
    ) throws(RoundtripError) {
        var items: [QueryItem] = []
        var environment: [String: String] = [:]
        var displays: [(String, String)] = []
        let placeholders = Set(action.routes.flatMap(\.placeholderNames))
        let values = action.parameters + [action.queryValue, action.fragment].compactMap { $0 }
        for parameter in values where includingOptional || parameter.isRequired || placeholders.contains(parameter.name) {
            let texts = try ExampleValue.texts(for: parameter)
            if parameter.type == .secret {
                let placeholder = ExampleValue.secretPlaceholder(for: parameter)
                if let variable = parameter.secretEnvironment { environment[variable] = placeholder }
                displays.append((QueryCodec.encodeComponent(placeholder), ExampleValue.secretDisplay(for: parameter)))
            }
            items += texts.map { QueryItem(name: parameter.name, value: $0) }
        }
        if action.convention == .xCallbackURL { items.append(QueryItem(name: ConventionNames.xSource, value: Self.callerName)) }

        var partner = spec
        if signer == nil {
            partner.actions = spec.actions.map { action in
                var action = action
                if action.signatures == .required { action.signatures = .off }
                return action
            }
        }
        let builder = try RequestBuilder(partner: partner)
        let bases: [String?] = action.convention == .none ? [nil] : callbackBase.map { [$0] } ?? Self.callbackBases(for: action, in: spec)
        var built: (request: OutgoingRequest, base: String?)?
        var firstError: RoundtripError?
        for base in bases {
            do {
                built = (try builder.build(action.name, parameters: items, callback: base, signer: signer, now: now, nonce: nonce), base)
                break
            } catch  where error.code == .forbiddenCallback || (error.code == .reservedParameter && error.parameter == "callback") {
                firstError = firstError ?? error
            }
        }
        if built == nil, action.convention == .xCallbackURL, callbackBase == nil {
            // x-callback-url callbacks are optional: without one the policy allows, send none.
            built = (try builder.build(action.name, parameters: items, signer: signer, now: now, nonce: nonce), nil)
        }
        guard let built else {
            throw firstError ?? RoundtripError(.forbiddenCallback, "no callback base for the action '\(action.name)'", parameter: "callback")
        }
        actionName = action.name
        url = built.request.url
        parameters = items
        self.callbackBase = built.base
        self.environment = environment
        displayURL = displays.reduce(built.request.url) { url, display in url.replacingOccurrences(of: display.0, with: display.1) }
        needsSignature = action.signatures == .required && signer == nil
    }

    /// The URL of the example request to `action` (see ``init(for:in:callbackBase:includingOptional:signer:now:nonce:)``).
    ///
    /// - Throws: ``RoundtripError`` when no example can be built.
    public static func url(for action: Action, in spec: Spec, callbackBase: String? = nil) throws(RoundtripError) -> String {
        try ExampleRequest(for: action, in: spec, callbackBase: callbackBase).url
    }

    /// The callback bases worth trying for `action`, best first: each allow-list entry and its
    /// parent (`https://a.example/success` gives `https://a.example`, from which `…/success`
    /// and `…/error` are derived), https ones only for a Universal Link Callback; without an
    /// allow-list, ``customCallbackBase`` or ``universalLinkCallbackBase``.
    public static func callbackBases(for action: Action, in spec: Spec) -> [String] {
        let https = action.convention == .universalLinkCallback
        guard let allowList = spec.callbacks else {
            return [https ? universalLinkCallbackBase : customCallbackBase]
        }
        var bases: [String] = []
        for entry in allowList where !https || entry.scheme == "https" {
            bases.append(entry.description)
            if let slash = entry.path.lastIndex(of: "/"), entry.path[slash...].count > 1 {
                bases.append("\(entry.scheme)://\(entry.host)\(entry.path[..<slash])")
            }
        }
        var seen = Set<String>()
        return bases.filter { seen.insert($0).inserted }
    }

    /// The success answer to this request: the success callback URL (x-callback-url's
    /// `x-success`, a return-url action's first outcome, ULC's `ulc-success`) with an example of
    /// every value the action `returns`, as ``ResponseBuilder`` writes it.
    ///
    /// - Parameters:
    ///   - spec: The spec the request was built from.
    ///   - includingOptional: `false` for only the required returned values.
    /// - Returns: The URL, or `nil` when the action never answers success: convention `none`,
    ///   an x-callback-url action whose `outcomes` lack `success`, or a request without callbacks.
    /// - Throws: ``RoundtripError`` when a returned value has no example.
    public func answer(in spec: Spec, includingOptional: Bool = true) throws(RoundtripError) -> String? {
        guard let action = spec.action(named: actionName), callbackBase != nil else { return nil }
        let outcome: String
        switch action.convention {
        case .none:
            return nil
        case .xCallbackURL, .universalLinkCallback:
            guard action.outcomes.contains("success") else { return nil }
            outcome = "success"
        case .returnURL:
            guard let first = action.outcomes.first else { return nil }
            outcome = first
        }
        // The request was checked by the builder; here it is only read back, so signatures and
        // sources (the partner's own checks) stay out of the way.
        var relaxed = spec
        relaxed.signatures = .off
        relaxed.sources = SourcePolicy()
        relaxed.keys = []
        relaxed.actions = spec.actions.map { action in
            var action = action
            action.signatures = .off
            action.sources = SourcePolicy()
            return action
        }
        let request = try Endpoint(spec: relaxed, keys: EnvironmentKeyResolver(environment: environment)).evaluate(url)
        var items: [QueryItem] = []
        if action.convention != .universalLinkCallback {
            for parameter in action.returns ?? [] where includingOptional || parameter.isRequired {
                items += try ExampleValue.texts(for: parameter).map { QueryItem(name: parameter.name, value: $0) }
            }
        }
        return try ResponseBuilder.callbackURL(answering: request, action: action, outcome: outcome, parameters: items)
    }
}

/// Writes text that a regular expression matches, for ``ExampleValue``: reads literals,
/// escapes (`\d`, `\w`, `\s`, `\p{…}`, `\x…`, `\u…`), `.`, character classes (ranges, negation,
/// POSIX names), groups, alternation and quantifiers, and takes anchors and lookarounds as
/// empty. Every text it writes is a guess that ``ExampleValue`` checks against the real pattern.
enum PatternWriter {
    /// Texts that may match `pattern`, for each repetition count in `lengths`, alternative
    /// and preferred alphabet; empty when the pattern uses what the writer cannot read
    /// (back-references, nested classes).
    static func texts(matching pattern: String, lengths: [Int]) -> [String] {
        var parser = Parser(Array(pattern.unicodeScalars))
        guard let node = parser.parseAlternation(), parser.isAtEnd else { return [] }
        let branches = min(node.widestAlternation, 4)
        var texts: [String] = []
        var seen = Set<String>()
        for alphabet in alphabets {
            for branch in 0..<max(branches, 1) {
                for repeats in lengths {
                    var output = String.UnicodeScalarView()
                    guard node.write(into: &output, repeats: repeats, branch: branch, alphabet: alphabet) else { continue }
                    let text = String(output)
                    if seen.insert(text).inserted { texts.append(text) }
                }
            }
        }
        return texts
    }

    /// The characters tried for a class, in order: letters first, digits first, capitals first.
    static let alphabets: [[Unicode.Scalar]] = {
        let lower = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars)
        let digits = Array("1234567890".unicodeScalars)
        let punctuation = Array("-_.~ +/:@!$&'()*,;=?#%[]{}<>|^`\"\\".unicodeScalars)
        let others = Array("\u{E9}\u{C9}\u{DF}".unicodeScalars)
        return [
            lower + upper + digits + punctuation + others, digits + lower + upper + punctuation + others,
            upper + lower + digits + punctuation + others,
        ]
    }()

    /// A parsed pattern.
    indirect enum Node {
        case empty
        case literal(Unicode.Scalar)
        case set(ScalarSet)
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, minimum: Int, maximum: Int?)

        /// The most branches of any alternation in the pattern.
        var widestAlternation: Int {
            switch self {
            case .empty, .literal, .set: 1
            case .sequence(let nodes): nodes.map(\.widestAlternation).max() ?? 1
            case .alternation(let nodes): max(nodes.count, nodes.map(\.widestAlternation).max() ?? 1)
            case .repetition(let node, _, _): node.widestAlternation
            }
        }

        /// Appends one text the node matches; `false` when a class has no character to offer.
        func write(into output: inout String.UnicodeScalarView, repeats: Int, branch: Int, alphabet: [Unicode.Scalar]) -> Bool {
            switch self {
            case .empty:
                return true
            case .literal(let scalar):
                output.append(scalar)
                return true
            case .set(let set):
                guard let scalar = set.pick(alphabet) else { return false }
                output.append(scalar)
                return true
            case .sequence(let nodes):
                return nodes.allSatisfy { $0.write(into: &output, repeats: repeats, branch: branch, alphabet: alphabet) }
            case .alternation(let nodes):
                return nodes[branch % nodes.count].write(into: &output, repeats: repeats, branch: branch, alphabet: alphabet)
            case .repetition(let node, let minimum, let maximum):
                let count = max(minimum, min(repeats, maximum ?? repeats))
                for _ in 0..<count where !node.write(into: &output, repeats: repeats, branch: branch, alphabet: alphabet) { return false }
                return true
            }
        }
    }

    /// A character class.
    struct ScalarSet {
        var negated = false
        var ranges: [ClosedRange<UInt32>] = []
        var classes: [(kind: ScalarClass, inverted: Bool)] = []

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let inside = ranges.contains { $0.contains(scalar.value) } || classes.contains { $0.kind.contains(scalar) != $0.inverted }
            return inside != negated
        }

        func pick(_ alphabet: [Unicode.Scalar]) -> Unicode.Scalar? {
            if let scalar = alphabet.first(where: contains) { return scalar }
            for range in ranges where !negated {
                if let scalar = Unicode.Scalar(range.lowerBound), contains(scalar), scalar.value >= 0x20, scalar.value != 0x7F { return scalar }
            }
            return nil
        }
    }

    /// A named class: `\d`, `\w`, `\s`, `.`, `\p{L}`, `[:alpha:]`…
    enum ScalarClass {
        case digit, word, space, letter, upper, lower, alphanumeric, punctuation, hexDigit, notNewline, any

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            switch self {
            case .digit: return properties.numericType == .decimal
            case .word: return properties.isAlphabetic || properties.numericType == .decimal || scalar == "_"
            case .space: return properties.isWhitespace
            case .letter: return properties.isAlphabetic
            case .upper: return properties.isUppercase
            case .lower: return properties.isLowercase
            case .alphanumeric: return properties.isAlphabetic || properties.numericType == .decimal
            case .punctuation:
                return scalar.isASCII && (0x21...0x7E).contains(scalar.value) && !properties.isAlphabetic && properties.numericType == nil
            case .hexDigit: return properties.isASCIIHexDigit
            case .notNewline: return scalar != "\n" && scalar != "\r"
            case .any: return true
            }
        }
    }

    /// A recursive-descent reader of the pattern's scalars.
    struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var isAtEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func next() -> Unicode.Scalar? {
            guard index < scalars.count else { return nil }
            defer { index += 1 }
            return scalars[index]
        }

        mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
            guard peek == scalar else { return false }
            index += 1
            return true
        }

        mutating func parseAlternation() -> Node? {
            guard let first = parseSequence() else { return nil }
            var branches = [first]
            while consume("|") {
                guard let branch = parseSequence() else { return nil }
                branches.append(branch)
            }
            return branches.count == 1 ? first : .alternation(branches)
        }

        mutating func parseSequence() -> Node? {
            var nodes: [Node] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard var atom = parseAtom() else { return nil }
                while let bounds = parseQuantifier() { atom = .repetition(atom, minimum: bounds.0, maximum: bounds.1) }
                nodes.append(atom)
            }
            return .sequence(nodes)
        }

        mutating func parseQuantifier() -> (Int, Int?)? {
            let start = index
            let bounds: (Int, Int?)
            if consume("*") {
                bounds = (0, nil)
            } else if consume("+") {
                bounds = (1, nil)
            } else if consume("?") {
                bounds = (0, 1)
            } else if consume("{"), let low = number() {
                if consume("}") {
                    bounds = (low, low)
                } else if consume(","), case let high = number(), consume("}"), high.map({ $0 >= low }) ?? true {
                    bounds = (low, high)
                } else {
                    index = start
                    return nil
                }
            } else {
                index = start
                return nil
            }
            _ = consume("?") || consume("+")
            return bounds
        }

        mutating func number() -> Int? {
            var value: Int?
            while let scalar = peek, let digit = Int(String(scalar)), scalar.isASCII {
                value = min((value ?? 0) * 10 + digit, 100_000)
                index += 1
            }
            return value
        }

        mutating func parseAtom() -> Node? {
            guard let scalar = next() else { return nil }
            switch scalar {
            case "(": return parseGroup()
            case "[": return parseSet().map(Node.set)
            case ".": return .set(ScalarSet(classes: [(.notNewline, false)]))
            case "^", "$": return .empty
            case "\\": return parseEscape()
            case "*", "+", "?": return nil
            default: return .literal(scalar)
            }
        }

        mutating func parseGroup() -> Node? {
            var zeroWidth = false
            if consume("?") {
                switch next() {
                case ":", ">": break
                case "=", "!": zeroWidth = true
                case "#":
                    while let scalar = next(), scalar != ")" {}
                    return .empty
                case "<" where consume("=") || consume("!"): zeroWidth = true
                case "<", "'", "P":
                    _ = consume("<")
                    while let scalar = next(), scalar != ">", scalar != "'" {}
                default:
                    // Flags: `(?i)` sets them for what follows, `(?i:…)` for a group.
                    while let scalar = peek, scalar.properties.isAlphabetic || scalar == "-" { index += 1 }
                    if consume(")") { return .empty }
                    guard consume(":") else { return nil }
                }
            }
            guard let inner = parseAlternation(), consume(")") else { return nil }
            return zeroWidth ? .empty : inner
        }

        mutating func parseEscape() -> Node? {
            guard let scalar = next() else { return nil }
            if let kind = Self.classEscape(scalar) { return .set(ScalarSet(classes: [kind])) }
            switch scalar {
            case "b", "B", "A", "z", "Z", "G": return .empty
            case "p", "P": return propertyClass(inverted: scalar == "P").map { .set(ScalarSet(classes: [$0])) }
            case "Q":
                var nodes: [Node] = []
                while let next = next() {
                    if next == "\\", consume("E") { break }
                    nodes.append(.literal(next))
                }
                return .sequence(nodes)
            case "1"..."9", "k", "N", "X", "R": return nil
            default: return escapedScalar(scalar).map(Node.literal)
            }
        }

        static func classEscape(_ scalar: Unicode.Scalar) -> (kind: ScalarClass, inverted: Bool)? {
            switch scalar {
            case "d": (.digit, false)
            case "D": (.digit, true)
            case "w": (.word, false)
            case "W": (.word, true)
            case "s": (.space, false)
            case "S": (.space, true)
            case "h": (.space, false)
            case "H": (.space, true)
            default: nil
            }
        }

        /// `\p{Lu}`, `\pL`: letters (upper, lower), numbers; any other property reads as any.
        mutating func propertyClass(inverted: Bool) -> (kind: ScalarClass, inverted: Bool)? {
            var name = ""
            if consume("{") {
                while let scalar = next(), scalar != "}" { name.unicodeScalars.append(scalar) }
            } else if let scalar = next() {
                name.unicodeScalars.append(scalar)
            }
            let kind: ScalarClass =
                switch name {
                case "Lu", "Upper", "Uppercase_Letter": .upper
                case "Ll", "Lower", "Lowercase_Letter": .lower
                case _ where name.hasPrefix("L") || name == "Alpha" || name == "Alphabetic": .letter
                case _ where name.hasPrefix("N") || name == "Digit": .digit
                default: .any
                }
            return (kind, inverted)
        }

        /// The scalar an escape stands for: `\n`, `\x41`, `\x{41}`, `\u0041`, or the escaped
        /// character itself.
        mutating func escapedScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            switch scalar {
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "f": return "\u{0C}"
            case "v": return "\u{0B}"
            case "e": return "\u{1B}"
            case "a": return "\u{07}"
            case "0": return "\u{00}"
            case "x":
                if consume("{") {
                    var hex = ""
                    while let next = next(), next != "}" { hex.unicodeScalars.append(next) }
                    return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init)
                }
                return hexScalar(digits: 2)
            case "u": return hexScalar(digits: 4)
            case "U": return hexScalar(digits: 8)
            default: return scalar
            }
        }

        mutating func hexScalar(digits: Int) -> Unicode.Scalar? {
            var hex = ""
            for _ in 0..<digits {
                guard let next = next() else { return nil }
                hex.unicodeScalars.append(next)
            }
            return UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init)
        }

        /// `[…]` after the `[`: ranges, escapes and POSIX names, optionally negated.
        mutating func parseSet() -> ScalarSet? {
            var set = ScalarSet()
            set.negated = consume("^")
            var first = true
            while true {
                guard let scalar = next() else { return nil }
                if scalar == "]", !first { return set }
                first = false
                let low: Unicode.Scalar
                switch scalar {
                case "[":
                    guard consume(":") else { return nil }
                    var name = ""
                    while let next = next(), next != ":" { name.unicodeScalars.append(next) }
                    guard consume("]") else { return nil }
                    set.classes.append((Self.posixClass(name), false))
                    continue
                case "\\":
                    guard let escaped = next() else { return nil }
                    if let kind = Self.classEscape(escaped) {
                        set.classes.append(kind)
                        continue
                    }
                    if escaped == "p" || escaped == "P" {
                        guard let kind = propertyClass(inverted: escaped == "P") else { return nil }
                        set.classes.append(kind)
                        continue
                    }
                    guard let value = escapedScalar(escaped) else { return nil }
                    low = value
                default:
                    low = scalar
                }
                if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard var high = next() else { return nil }
                    if high == "\\" {
                        guard let escaped = next(), let value = escapedScalar(escaped) else { return nil }
                        high = value
                    }
                    guard low.value <= high.value else { return nil }
                    set.ranges.append(low.value...high.value)
                } else {
                    set.ranges.append(low.value...low.value)
                }
            }
        }

        static func posixClass(_ name: String) -> ScalarClass {
            switch name {
            case "alpha": .letter
            case "digit": .digit
            case "alnum": .alphanumeric
            case "upper": .upper
            case "lower": .lower
            case "space", "blank": .space
            case "punct": .punctuation
            case "xdigit": .hexDigit
            case "word": .word
            default: .any
            }
        }
    }
}
