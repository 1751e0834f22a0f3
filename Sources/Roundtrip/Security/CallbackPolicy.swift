/// Which callback URLs a receiving app will open: the open-redirect defence.
///
/// With an allow-list (`callbacks:` in the spec) only those bases are allowed, compared exactly
/// (scheme and host case-insensitively), any query, never a fragment — the exact redirect matching
/// of OAuth for native apps (RFC 8252 section 8.10; RFC 9700 section 4.1). Without one, any
/// absolute URL is allowed except user-info, a backslash, a fragment, control characters, https
/// without a `//host` authority, a scheme in ``forbiddenSchemes`` or beginning `x-apple` (unless
/// ``allowedSchemes`` opts it back in), and the app's own schemes (no loops). ULC callbacks must
/// be https and are otherwise unrestricted without an allow-list.
///
/// In every case an https callback must have a host a URL parser can name: valid UTF-8 once
/// percent-decoded, not the empty IP literal `[]`, and every `xn--` label valid punycode
/// (RFC 3492). Schemes are compared ignoring ASCII case (RFC 3986 section 3.1).
public struct CallbackPolicy: Sendable {
    /// Schemes never allowed as a callback without an allow-list unless ``allowedSchemes`` opts
    /// them in, lowercased: every scheme of IANA's URI scheme registry (``URISchemeRegistry``,
    /// any status) except `https`, and every scheme in ``platformSchemes``. Any scheme beginning
    /// `x-apple` (`x-apple-…`, `x-apple.…`) is refused too; see ``isForbidden(scheme:)``.
    ///
    /// A registered scheme names a protocol or an app that the platform or other apps handle, so
    /// a callback on it goes to whoever handles it, not to the app that called: a network share
    /// or a remote session (`smb`, `nfs`, `vnc`, `ssh`, `telnet`), a store, a call, another
    /// vendor's app (`spotify`, `ms-word`).
    public static let forbiddenSchemes: Set<String> = Set(
        URISchemeRegistry.schemes.map(\.name).filter { $0 != "https" } + platformRules.map(\.name)
    )

    /// Schemes the platform handles itself, lowercased, refused whether or not IANA registers
    /// them: script, data and local-file schemes, `http`, and the schemes that place a call or
    /// message, open a store or Settings, run a shortcut, reopen a web page in a browser (which
    /// would get round the ban on `http`), or, on macOS, mount a network share, start a remote
    /// session or open Terminal.
    public static let platformSchemes: Set<String> = Set(platformRules.map(\.name))

    /// The ``platformSchemes`` that Apple's own apps handle on iOS, lowercased: all but other
    /// vendors' browsers' (Safari's `x-safari-http` and `x-safari-https` stay) and the schemes
    /// that reach other machines or open Terminal on macOS, which an iOS app may register (an
    /// SSH client registers `ssh`). Apple's "Apple URL Scheme Reference" lists those apps' schemes.
    public static let iOSSystemSchemes: Set<String> = Set(
        platformRules.filter { scheme in
            switch scheme.rule {
            case .remote, .terminal: false
            case .browser: scheme.name.hasPrefix("x-safari-")
            default: true
            }
        }.map(\.name)
    )

    /// Schemes that ``allowedSchemes`` can never opt in, lowercased: they run script or open
    /// content in place of a callback target (`javascript`, `vbscript`, `data`, `file`, `about`,
    /// `blob`).
    public static let unallowableSchemes: Set<String> = Set(platformRules.filter { $0.rule == .script }.map(\.name))

    /// Whether a callback scheme is forbidden without an allow-list (the app's own schemes and
    /// ``allowedSchemes`` aside): in ``forbiddenSchemes`` or beginning `x-apple`, ignoring ASCII case.
    ///
    /// - Complexity: O(*m*) in the scheme's length.
    public static func isForbidden(scheme: some StringProtocol) -> Bool {
        var scheme = String(scheme)
        return scheme.withUTF8 { schemeRule($0) } != nil
    }

    /// Whether the platform handles `scheme` itself (in ``platformSchemes`` or beginning
    /// `x-apple`), ignoring ASCII case; IANA's registry aside.
    public static func isPlatformScheme(_ scheme: some StringProtocol) -> Bool {
        let lowercased = scheme.lowercased()
        return platformSchemes.contains(lowercased) || lowercased.hasPrefix("x-apple")
    }

    /// The allow-list, or `nil` to use the built-in rules.
    public let allowList: [CallbackBase]?
    /// How the allow-list's entries are matched: as bases (the default) or as whole URLs.
    public let match: CallbackMatch
    /// The app's own schemes, lowercased.
    public let ownSchemes: Set<String>
    /// Forbidden schemes opted back in (the spec's `allow-schemes`), lowercased, without the
    /// ``unallowableSchemes``, which stay refused.
    public let allowedSchemes: Set<String>
    /// ``ownSchemes``' UTF-8 bytes: the hot path compares a callback's scheme bytes with these.
    private let ownSchemeBytes: [[UInt8]]

    /// Creates a policy for an app.
    ///
    /// - Parameters:
    ///   - allowList: The spec's `callbacks` list, or `nil` for the built-in rules.
    ///   - ownSchemes: The app's own schemes, never allowed as a callback (no loops).
    ///   - match: How the allow-list matches: ``CallbackMatch/base`` or ``CallbackMatch/exact``.
    ///   - allowedSchemes: Forbidden schemes to allow all the same (the spec's `allow-schemes`);
    ///     ``unallowableSchemes`` among them are ignored.
    public init(allowList: [CallbackBase]?, ownSchemes: [String], match: CallbackMatch = .base, allowedSchemes: [String] = []) {
        self.allowList = allowList
        self.match = match
        self.ownSchemes = Set(ownSchemes.map { $0.lowercased() })
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() }).subtracting(Self.unallowableSchemes)
        self.ownSchemeBytes = self.ownSchemes.map { Array($0.utf8) }
    }

    /// Checks a callback URL (already percent-decoded from the request's query).
    ///
    /// - Parameters:
    ///   - url: The callback URL.
    ///   - parameter: The request parameter that carried it, for the error.
    ///   - requireHTTPS: `true` for ULC callbacks.
    ///   - responsePrefix: The action's response prefix (return-url), whose parameters the callback
    ///     may not already carry.
    /// - Returns: The split callback URL.
    /// - Throws: ``RoundtripError`` `forbidden-callback` or `reserved-parameter`.
    @discardableResult
    public func check(_ url: String, parameter: String, requireHTTPS: Bool = false, responsePrefix: String = "") throws(RoundtripError) -> URLSplit {
        try check(decoded: url, parameter: parameter, requireHTTPS: requireHTTPS, responsePrefix: responsePrefix, scanningCharacters: true)
    }

    /// ``check(_:parameter:requireHTTPS:responsePrefix:)`` for a URL that came out of the strict
    /// query decoder, which already rejected control characters: the incoming-URL hot path
    /// skips that second scan (unless `scanningCharacters`).
    ///
    /// - Parameters:
    ///   - allowedSchemes: The action's own `allow-schemes`, in place of ``allowedSchemes``;
    ///     `nil` for the policy's. Read only for a forbidden scheme.
    ///   - refusedSchemes: The action's `forbid-schemes`, lowercased: refused whatever else
    ///     the policy says.
    ///   - place: Where the callback is, for messages, when it is not the whole of `parameter`
    ///     (`'/callback_url' in 'data'`).
    ///   - scanningCharacters: Whether to scan for control characters and backslashes first,
    ///     for a URL no strict decoder has read: one given in code, or a string member of a
    ///     `json` parameter, whose escapes can hold any character.
    @discardableResult
    func check(
        decoded url: String,
        parameter: String,
        requireHTTPS: Bool = false,
        responsePrefix: String = "",
        allowedSchemes: [String]? = nil,
        refusedSchemes: [String] = [],
        place: String? = nil,
        scanningCharacters: Bool = false
    ) throws(RoundtripError) -> URLSplit {
        func reject(_ why: String) -> RoundtripError {
            RoundtripError(.forbiddenCallback, "the callback \(place ?? "'\(parameter)'") \(why)", parameter: parameter)
        }
        if scanningCharacters, PercentDecoding.containsForbiddenCharacter(url) {
            if url.utf8.contains(0x5C) { throw reject("contains a backslash, which browsers and URL parsers read differently") }
            throw reject("contains a control character")
        }
        let split: URLSplit
        do {
            split = try URLSplit(url)
        } catch {
            // URLSplit refuses a backslash, so only a URL it refused can hold one; that reject
            // keeps its own, clearer message.
            if url.utf8.contains(0x5C) { throw reject("contains a backslash, which browsers and URL parsers read differently") }
            throw reject("is not a valid absolute URL: \(error.message)")
        }
        // Decided on the bytes and offsets of the split: no `Substring` is made unless a
        // message needs one.
        let offsets = split.offsets
        if !refusedSchemes.isEmpty, refusedSchemes.contains(where: { CallbackPolicy.equalsIgnoringCase(split.scheme, $0) }) {
            throw reject("uses the scheme '\(split.scheme.lowercased()):', which this action refuses for its callbacks (forbid-schemes)")
        }
        if offsets.userInfo != nil { throw reject("has user-info ('…@') in its authority, a classic way to disguise the real host") }
        if offsets.fragment != nil { throw reject("has a fragment ('#'); callbacks may not carry one") }
        let checksScheme = allowList == nil && !requireHTTPS
        let verdict = split.withBytes { bytes, offsets in
            let isHTTPS = CallbackPolicy.hasScheme(bytes, offsets, "https")
            let scheme = UnsafeBufferPointer(rebasing: bytes[offsets.scheme])
            return (
                isHTTPS: isHTTPS,
                hostProblem: isHTTPS && !offsets.host.isEmpty ? CallbackHost.problem(UnsafeBufferPointer(rebasing: bytes[offsets.host])) : nil,
                schemeRule: checksScheme ? CallbackPolicy.schemeRule(scheme) : nil,
                isOwnScheme: checksScheme && ownSchemeBytes.contains { URLSplit.equalsIgnoringCase(scheme, $0) },
                unreserved: CallbackPolicy.plainNamesAreUnreserved(bytes, offsets, responsePrefix: responsePrefix),
                allowed: allowList?.contains { match == .exact ? $0.matchesExactly(bytes, offsets) : $0.matches(bytes, offsets) }
            )
        }
        if requireHTTPS, !verdict.isHTTPS {
            throw reject("must be an https universal link, not '\(split.scheme.lowercased()):'")
        }
        if verdict.isHTTPS, !offsets.hasAuthority || offsets.host.isEmpty {
            throw reject("is https without a '//host' authority")
        }
        if let problem = verdict.hostProblem {
            throw reject(CallbackPolicy.describe(problem, host: split.host))
        }
        if !verdict.unreserved {
            try checkReservedParameters(of: split, parameter: parameter, responsePrefix: responsePrefix)
        }
        if let allowList {
            guard verdict.allowed == true else {
                if match == .exact {
                    throw reject(
                        "'\(ParameterParsing.abbreviated(url))' is not, byte for byte, one of the spec's callbacks (\(allowList.map(\.text).joined(separator: ", "))) followed by nothing but '?rt-state=…'"
                            + (allowList.contains(where: \.hasQuery) ? " ('&rt-state=…' after an entry's own query)" : "")
                    )
                }
                let base = split.base
                throw reject("'\(base)' is not in the spec's callbacks list (\(allowList.map(\.description).joined(separator: ", ")))")
            }
            return split
        }
        // Universal-link callbacks are otherwise unrestricted without an allow-list: the link's
        // own domain decides what opens.
        if requireHTTPS { return split }
        // The loop first: an app's own scheme may also be one IANA lists (`notes`), and the
        // loop is what a callback on it would do.
        if verdict.isOwnScheme {
            throw reject("uses this app's own scheme '\(split.scheme.lowercased()):', which would loop back into it")
        }
        if let rule = verdict.schemeRule, !isAllowed(split.scheme, rule, allowedSchemes) {
            throw reject("uses the forbidden scheme '\(split.scheme.lowercased()):'\(rule.reason)")
        }
        return split
    }

    /// Whether a forbidden scheme is opted back in: by the action's `allow-schemes` when it has
    /// its own, else by ``allowedSchemes``; never for a script or local scheme.
    private func isAllowed(_ scheme: Substring, _ rule: SchemeRule, _ actionSchemes: [String]?) -> Bool {
        guard rule != .script else { return false }
        if let actionSchemes {
            return actionSchemes.contains { CallbackPolicy.equalsIgnoringCase(scheme, $0) }
        }
        return !allowedSchemes.isEmpty && allowedSchemes.contains { CallbackPolicy.equalsIgnoringCase(scheme, $0) }
    }

    /// Whether `scheme` equals `other` ignoring ASCII case, without making a lowercased copy.
    private static func equalsIgnoringCase(_ scheme: Substring, _ other: String) -> Bool {
        scheme.utf8.count == other.utf8.count
            && zip(scheme.utf8, other.utf8).allSatisfy { URLSplit.lowercased($0) == URLSplit.lowercased($1) }
    }

    /// Why a scheme is forbidden, for the message; the schemes forbidden from the start keep
    /// the plain message.
    enum SchemeRule: Sendable, Equatable {
        case plain, script, browser, appleReserved, call, appStore, shortcut, remote, terminal
        /// In IANA's registry, with this status, and not one the platform handles itself.
        case registry(URISchemeRegistry.Status)

        /// The message's ending after `uses the forbidden scheme 'x:'`.
        var reason: String {
            switch self {
            case .plain, .script: ""
            case .browser: ", which reopens a web page in a browser (getting round the ban on 'http:')"
            case .appleReserved: ", which is one of Apple's system schemes (any scheme beginning 'x-apple')"
            case .call: ", which places a call"
            case .appStore: ", which opens the App Store"
            case .shortcut: ", which runs a shortcut"
            case .remote: ", which on macOS mounts a network share or starts a remote session"
            case .terminal: ", which on macOS opens Terminal"
            case .registry(let status):
                ", which IANA's URI scheme registry lists (\(status.rawValue)), so the platform or another app may be the one that opens it; "
                    + "if it is the calling app's own scheme, opt it in with 'allow-schemes'"
            }
        }
    }

    /// The schemes the platform handles itself, lowercased, with the reason each is forbidden
    /// (whether or not IANA registers them).
    static let platformRules: [(name: String, rule: SchemeRule)] = {
        let plain = [
            "http", "tel", "telprompt", "sms", "facetime", "facetime-audio", "mailto", "itms-services", "shortcuts", "prefs",
            "app-prefs",
        ]
        // Script, data and local-file schemes: never a callback, whatever `allow-schemes` says.
        let script = ["javascript", "data", "file", "about", "blob", "vbscript"]
        // Schemes that hand a web address to a browser app, which opens it as a web page.
        let browsers = [
            "x-safari-http", "x-safari-https", "googlechrome", "googlechromes", "firefox",
            "microsoft-edge-http", "microsoft-edge-https", "opera-http", "opera-https", "brave",
        ]
        let others: [(String, SchemeRule)] = [
            ("facetime-prompt", .call), ("workflow", .shortcut),
            // The App Store's and the iTunes Store's schemes, on iOS and on macOS.
            ("itms-apps", .appStore), ("itms-appss", .appStore), ("itms", .appStore), ("itmss", .appStore),
            ("macappstore", .appStore), ("macappstores", .appStore),
            // Opened on a Mac, these mount another machine's share (Finder's "Connect to
            // Server" schemes) or start a remote session.
            ("smb", .remote), ("cifs", .remote), ("afp", .remote), ("nfs", .remote), ("vnc", .remote), ("ssh", .remote),
            ("telnet", .remote), ("ftp", .remote),
            // Terminal opens a manual page for it.
            ("x-man-page", .terminal),
        ]
        return plain.map { ($0, SchemeRule.plain) } + script.map { ($0, .script) } + browsers.map { ($0, .browser) } + others
    }()

    /// Every forbidden scheme with its rule, for lookups by bytes: the registry's (but `https`),
    /// then the platform's, whose more precise reasons win.
    static let schemeTable = SchemeTable<SchemeRule>(
        URISchemeRegistry.schemes.filter { $0.name != "https" }.map { (name: $0.name, value: SchemeRule.registry($0.status)) }
            + platformRules.map { (name: $0.name, value: $0.rule) }
    )

    /// The rule forbidding a scheme (its bytes, any case), or `nil` when it is not forbidden.
    ///
    /// - Complexity: O(*m*) in the scheme's length: a prefix test and a binary search over a
    ///   table of fixed size (``schemeLookupSteps(_:)`` counts it).
    static func schemeRule(_ scheme: UnsafeBufferPointer<UInt8>) -> SchemeRule? {
        var steps = 0
        return schemeRule(scheme, steps: &steps)
    }

    /// ``schemeRule(_:)``, counting the table's steps.
    private static func schemeRule(_ scheme: UnsafeBufferPointer<UInt8>, steps: inout Int) -> SchemeRule? {
        if scheme.count >= 7, URLSplit.equalsIgnoringCase(UnsafeBufferPointer(rebasing: scheme[0..<7]), appleReservedPrefix) {
            // `x-apple-…` was forbidden from the start, with the plain message.
            return scheme.count > 7 && scheme[7] == 0x2D ? .plain : .appleReserved
        }
        return schemeTable.value(for: scheme, steps: &steps)
    }

    /// The steps (names compared and bytes read) of deciding whether `scheme` is forbidden: at
    /// most about log2 of the table's size names, each of at most the scheme's length bytes.
    package static func schemeLookupSteps(_ scheme: String) -> Int {
        var scheme = scheme
        var steps = 0
        _ = scheme.withUTF8 { schemeRule($0, steps: &steps) }
        return steps
    }

    /// The number of forbidden schemes the lookup searches (the registry's and the platform's).
    package static var schemeTableCount: Int { forbiddenSchemes.count }

    /// A host problem, for the message.
    static func describe(_ problem: CallbackHost.Problem, host: Substring) -> String {
        switch problem {
        case .invalidUTF8:
            "is https with the host '\(host)', which is not valid UTF-8 once percent-decoded, so a URL parser finds no host"
        case .emptyIPLiteral:
            "is https with the empty IP literal '[]' as its host, so a URL parser finds no host"
        case .invalidPunycode(let label, let why):
            "is https with the host label '\(label)', which is not valid punycode (RFC 3492): \(why)"
        }
    }

    private static let appleReservedPrefix = Array("x-apple".utf8)

    /// A callback may not already carry response-prefixed parameters or `rt-` parameters other
    /// than `rt-state`: the response would overwrite or shadow them.
    func checkReservedParameters(of split: URLSplit, parameter: String, responsePrefix: String) throws(RoundtripError) {
        guard var query = split.query, !query.isEmpty else { return }
        let names = query.withUTF8 { bytes in Result { () throws(PercentDecoding.Failure) in try QueryCodec.decodedNames(bytes) } }
        var states = 0
        let decodedNames: [String]
        do {
            decodedNames = try names.get()
        } catch {
            throw RoundtripError(
                .forbiddenCallback,
                "the callback '\(parameter)' has an invalid query: \(error.message(for: "a parameter name"))",
                parameter: parameter
            )
        }
        for name in decodedNames {
            if name == ReservedNames.state {
                states += 1
                if states > 1 {
                    throw RoundtripError(.reservedParameter, "the callback '\(parameter)' carries rt-state twice", parameter: parameter)
                }
            } else if ReservedNames.isReserved(name) {
                throw RoundtripError(
                    .reservedParameter,
                    "the callback '\(parameter)' already carries the reserved parameter '\(name)'",
                    parameter: parameter
                )
            } else if !responsePrefix.isEmpty, name.hasPrefix(responsePrefix) {
                throw RoundtripError(
                    .reservedParameter,
                    "the callback '\(parameter)' already carries '\(name)', which has the response prefix '\(responsePrefix)' and would be overwritten",
                    parameter: parameter
                )
            }
        }
    }

    /// Whether every name in a callback's raw query is free of `%` escapes and none is a second
    /// `rt-state`, another `rt-` name or a response-prefixed name: the common case, decided on the
    /// bytes without decoding a name. `false` means "look closer", not "reject": the caller then
    /// decodes every name and reports exactly what is wrong.
    ///
    /// Exact because the query passed ``URLSplit``, so unescaped names are printable ASCII and
    /// decode to themselves, and byte comparison equals `String` comparison for printable ASCII;
    /// a non-ASCII response prefix is left to the `String` comparison.
    static func plainNamesAreUnreserved(_ url: UnsafeBufferPointer<UInt8>, _ offsets: URLSplit.Offsets, responsePrefix: String) -> Bool {
        guard let query = offsets.query, !query.isEmpty else { return true }
        return plainNamesAreUnreserved(UnsafeBufferPointer(rebasing: url[query]), responsePrefix: responsePrefix)
    }

    /// ``plainNamesAreUnreserved(_:_:responsePrefix:)`` for the bytes of a non-empty query.
    static func plainNamesAreUnreserved(_ bytes: UnsafeBufferPointer<UInt8>, responsePrefix: String) -> Bool {
        var prefix = responsePrefix
        return prefix.withUTF8 { prefix in
            guard prefix.allSatisfy({ $0 < 0x80 }) else { return false }
            var states = 0
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x26 { end += 1 }
                var equals = start
                while equals < end, bytes[equals] != 0x3D, bytes[equals] != 0x25 { equals += 1 }
                if equals < end, bytes[equals] == 0x25 { return false }
                let name = UnsafeBufferPointer(rebasing: bytes[start..<equals])
                if name.starts(with: reservedPrefix) {
                    guard name.elementsEqual(stateName) else { return false }
                    states += 1
                    if states > 1 { return false }
                } else if !prefix.isEmpty, name.starts(with: prefix) {
                    return false
                }
                start = end + 1
            }
            return true
        }
    }

    /// Whether the URL's scheme is `lowercased`, ignoring ASCII case.
    static func hasScheme(_ url: UnsafeBufferPointer<UInt8>, _ offsets: URLSplit.Offsets, _ lowercased: StaticString) -> Bool {
        let scheme = offsets.scheme
        guard scheme.count == lowercased.utf8CodeUnitCount else { return false }
        let expected = lowercased.utf8Start
        for (position, index) in scheme.enumerated() where URLSplit.lowercased(url[index]) != expected[position] { return false }
        return true
    }

    private static let reservedPrefix = Array(ReservedNames.prefix.utf8)
    private static let stateName = Array(ReservedNames.state.utf8)
}
