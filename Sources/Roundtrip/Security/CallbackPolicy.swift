/// Which callback URLs a receiving app will open: the open-redirect defence.
///
/// With an allow-list (`callbacks:` in the spec) only those bases are allowed, compared exactly
/// (scheme and host case-insensitively), any query, never a fragment — the exact redirect matching
/// of OAuth for native apps (RFC 8252 section 8.10; RFC 9700 section 4.1). Without one, any
/// absolute URL is allowed except the dangerous shapes and schemes the design document lists,
/// and the app's own schemes (no loops). ULC callbacks must be https.
public struct CallbackPolicy: Sendable {
    /// Schemes never allowed as a callback, lowercased. Any `x-apple-*` scheme is refused too.
    public static let forbiddenSchemes: Set<String> = [
        "javascript", "data", "file", "about", "blob", "vbscript", "http", "tel", "telprompt", "sms",
        "facetime", "facetime-audio", "mailto", "itms-services", "shortcuts", "prefs", "app-prefs",
    ]

    /// The allow-list, or `nil` to use the built-in rules.
    public let allowList: [CallbackBase]?
    /// The app's own schemes, lowercased.
    public let ownSchemes: Set<String>

    /// Creates a policy for an app.
    public init(allowList: [CallbackBase]?, ownSchemes: [String]) {
        self.allowList = allowList
        self.ownSchemes = Set(ownSchemes.map { $0.lowercased() })
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
        func reject(_ why: String) -> RoundtripError {
            RoundtripError(.forbiddenCallback, "the callback '\(parameter)' \(why)", parameter: parameter)
        }
        if PercentDecoding.containsForbiddenCharacter(url) {
            if url.utf8.contains(0x5C) { throw reject("contains a backslash, which browsers and URL parsers read differently") }
            throw reject("contains a control character")
        }
        return try check(decoded: url, parameter: parameter, requireHTTPS: requireHTTPS, responsePrefix: responsePrefix)
    }

    /// ``check(_:parameter:requireHTTPS:responsePrefix:)`` for a URL that came out of the strict
    /// query decoder, which already rejected control characters: the incoming-URL hot path
    /// skips that second scan.
    @discardableResult
    func check(decoded url: String, parameter: String, requireHTTPS: Bool = false, responsePrefix: String = "") throws(RoundtripError) -> URLSplit {
        func reject(_ why: String) -> RoundtripError {
            RoundtripError(.forbiddenCallback, "the callback '\(parameter)' \(why)", parameter: parameter)
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
        if offsets.userInfo != nil { throw reject("has user-info ('…@') in its authority, a classic way to disguise the real host") }
        if offsets.fragment != nil { throw reject("has a fragment ('#'); callbacks may not carry one") }
        let verdict = split.withBytes { bytes, offsets in
            (isHTTPS: CallbackPolicy.hasScheme(bytes, offsets, "https"),
             unreserved: CallbackPolicy.plainNamesAreUnreserved(bytes, offsets, responsePrefix: responsePrefix),
             allowed: allowList?.contains { $0.matches(bytes, offsets) })
        }
        if requireHTTPS, !verdict.isHTTPS {
            throw reject("must be an https universal link, not '\(split.scheme.lowercased()):'")
        }
        if verdict.isHTTPS, !offsets.hasAuthority || offsets.host.isEmpty {
            throw reject("is https without a '//host' authority")
        }
        if !verdict.unreserved {
            try checkReservedParameters(of: split, parameter: parameter, responsePrefix: responsePrefix)
        }
        if let allowList {
            guard verdict.allowed == true else {
                let base = split.base
                throw reject("'\(base)' is not in the spec's callbacks list (\(allowList.map(\.description).joined(separator: ", ")))")
            }
            return split
        }
        if requireHTTPS { return split }  // ULC callbacks are otherwise unrestricted (seed 002).
        let scheme = split.scheme.lowercased()
        if CallbackPolicy.forbiddenSchemes.contains(scheme) || scheme.hasPrefix("x-apple-") {
            throw reject("uses the forbidden scheme '\(scheme):'")
        }
        if ownSchemes.contains(scheme) {
            throw reject("uses this app's own scheme '\(scheme):', which would loop back into it")
        }
        return split
    }

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
            throw RoundtripError(.forbiddenCallback, "the callback '\(parameter)' has an invalid query: \(error.message(for: "a parameter name"))", parameter: parameter)
        }
        for name in decodedNames {
            if name == ReservedNames.state {
                states += 1
                if states > 1 {
                    throw RoundtripError(.reservedParameter, "the callback '\(parameter)' carries rt-state twice", parameter: parameter)
                }
            } else if ReservedNames.isReserved(name) {
                throw RoundtripError(.reservedParameter, "the callback '\(parameter)' already carries the reserved parameter '\(name)'", parameter: parameter)
            } else if !responsePrefix.isEmpty, name.hasPrefix(responsePrefix) {
                throw RoundtripError(.reservedParameter, "the callback '\(parameter)' already carries '\(name)', which has the response prefix '\(responsePrefix)' and would be overwritten", parameter: parameter)
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
