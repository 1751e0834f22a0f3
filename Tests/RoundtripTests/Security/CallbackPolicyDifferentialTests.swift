import Foundation
import Roundtrip
import RoundtripSimulator
import Testing

/// Roundtrip's callback decision against Foundation's parse of the same text.
///
/// Thousands of hostile callback URLs are generated from fixed seeds (forbidden and allowed
/// schemes in mixed case, user-info, backslashes, escapes, IP literals, ports, punycode, raw
/// Unicode, fragments, missing `//`, whitespace and control characters, doubled schemes, path
/// tricks). Each is decided by the policy; every accepted one is parsed by `URL(string:)` (the
/// parser that opens it on iOS 17 and later: swift-foundation) and `URLComponents(string:)`,
/// which must see the URL the policy approved: the same scheme, host, port, user (none) and
/// path, and no fragment.
@Suite("Callback policy against Foundation's URL parser (differential)")
struct CallbackPolicyDifferentialTests {
    /// How many URLs each seed generates.
    static let perSeed = 5_000
    static let seeds: [UInt64] = [0x5EED_0001, 0x5EED_0002, 0x5EED_0003, 0x5EED_0004]

    @Test("Without an allow-list, Foundation names the host and scheme the policy approved", arguments: seeds)
    func builtInRules(seed: UInt64) {
        let policy = CallbackPolicy(allowList: nil, ownSchemes: ["notes", "pos-app"])
        var generator = HostileCallbacks(seed: seed)
        var accepted = 0
        var refused = 0
        for _ in 0..<Self.perSeed {
            let url = generator.next()
            guard let split = try? policy.check(url, parameter: "x-success") else {
                refused += 1
                continue
            }
            accepted += 1
            let scheme = split.scheme.lowercased()
            #expect(!CallbackPolicy.isForbidden(scheme: scheme) && scheme != "notes" && scheme != "pos-app", "\(url)")
            Self.expectFoundationAgrees(url, split: split)
        }
        // Both sides of the decision are exercised.
        #expect(accepted > Self.perSeed / 25, "accepted \(accepted)")
        #expect(refused > Self.perSeed / 2, "refused \(refused)")
    }

    @Test("With an allow-list, Foundation sees a listed base in every accepted callback", arguments: seeds)
    func allowList(seed: UInt64) throws {
        let bases = try HostileCallbacks.allowListBases.map { try CallbackBase($0) }
        let policy = CallbackPolicy(allowList: bases, ownSchemes: ["notes"])
        var generator = HostileCallbacks(seed: seed ^ 0xA110_0000)
        var accepted = 0
        for _ in 0..<Self.perSeed {
            let url = generator.next()
            guard let split = try? policy.check(url, parameter: "x-success") else { continue }
            accepted += 1
            Self.expectFoundationAgrees(url, split: split)
            guard let parsed = URL(string: url), let components = URLComponents(string: url) else { continue }
            let host = (components.encodedHost ?? "").lowercased() + (components.port.map { ":\($0)" } ?? "")
            let matched = bases.contains { base in
                base.scheme == parsed.scheme?.lowercased() && base.host == host && base.path == components.percentEncodedPath
            }
            #expect(matched, "accepted \(url), which Foundation reads as \(parsed.scheme ?? "nil")://\(host)\(components.percentEncodedPath)")
        }
        #expect(accepted > 50, "accepted \(accepted)")
    }

    /// Foundation's two parsers see the callback the policy split: same scheme, host, port and
    /// path, no user-info, no fragment; and an https callback has a non-empty host.
    static func expectFoundationAgrees(_ url: String, split: URLSplit, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let parsed = URL(string: url) else {
            Issue.record("accepted \(url), which URL(string:) cannot parse", sourceLocation: sourceLocation)
            return
        }
        guard let components = URLComponents(string: url) else {
            Issue.record("accepted \(url), which URLComponents(string:) cannot parse", sourceLocation: sourceLocation)
            return
        }
        let scheme = split.scheme.lowercased()
        #expect(parsed.scheme?.lowercased() == scheme, "\(url)", sourceLocation: sourceLocation)
        #expect(components.scheme?.lowercased() == scheme, "\(url)", sourceLocation: sourceLocation)
        #expect(
            parsed.user == nil && parsed.password == nil && components.user == nil && components.password == nil,
            "\(url)",
            sourceLocation: sourceLocation
        )
        #expect(parsed.fragment == nil && components.fragment == nil, "\(url)", sourceLocation: sourceLocation)
        #expect(parsed.port == split.port.flatMap { Int($0) }, "\(url)", sourceLocation: sourceLocation)
        #expect(components.port == split.port.flatMap { Int($0) }, "\(url)", sourceLocation: sourceLocation)
        #expect(parsed.path(percentEncoded: true) == String(split.path), "\(url)", sourceLocation: sourceLocation)
        #expect(components.percentEncodedPath == String(split.path), "\(url)", sourceLocation: sourceLocation)
        guard split.hasAuthority else { return }
        // URL drops an IP literal's brackets, URLComponents keeps them; URLComponents'
        // `encodedHost` is the host as written (its `percentEncodedHost` is IDNA-decoded); both
        // call an empty host `nil`.
        var expectedHost = split.host.isEmpty ? nil : String(split.host)
        #expect(components.encodedHost.flatMap { $0.isEmpty ? nil : $0 } == expectedHost, "\(url)", sourceLocation: sourceLocation)
        if let host = expectedHost, host.hasPrefix("[") { expectedHost = host == "[]" ? nil : String(host.dropFirst().dropLast()) }
        #expect(parsed.host(percentEncoded: true).flatMap { $0.isEmpty ? nil : $0 } == expectedHost, "\(url)", sourceLocation: sourceLocation)
        if scheme == "https" {
            #expect(parsed.host.map { !$0.isEmpty } == true, "accepted \(url), whose host URL(string:) cannot name", sourceLocation: sourceLocation)
            // URLComponents also applies IDNA's rules (UTS 46: normalisation, joiners, bidi,
            // unassigned code points) to `xn--` labels, beyond the punycode of RFC 3492 the policy
            // checks: it may find no host in valid punycode that URL(string:), which opens the
            // callback, names. Any other host it cannot name is a gap.
            if components.host.map({ !$0.isEmpty }) != true {
                #expect(
                    split.host.lowercased().split(separator: ".").contains { $0.hasPrefix("xn--") },
                    "accepted \(url), whose host URLComponents cannot name",
                    sourceLocation: sourceLocation
                )
            }
        }
    }
}

/// A deterministic generator of hostile callback URLs (the simulator's seeded generator makes the
/// choices, so a failure reproduces from its seed).
struct HostileCallbacks {
    private var generator: RoundtripSimulator.SeededRandomNumberGenerator

    init(seed: UInt64) { generator = RoundtripSimulator.SeededRandomNumberGenerator(seed: seed) }

    /// The allow-list the second test uses: the generator often builds exactly these bases.
    static let allowListBases = [
        "https://a.example/cb", "pos-app://charge-result", "https://[::1]:8443/cb",
        "https://xn--bcher-kva.example/cb", "x-safari-https://a.example/cb",
    ]

    static let forbiddenSchemes = CallbackPolicy.forbiddenSchemes.sorted()
    static let schemes = [
        "https", "https", "https", "https", "myapp", "other-app", "pos-app", "notes", "itms", "braveapp",
        "x-safari", "x-apple", "x-apple.systempreferences", "x-apple-health", "x-applenews", "https:https",
        "https:http", "h ttps", "1https", "", "ht%74ps", "https\u{0}", "\u{20}https", "javascript:https",
        "opera", "firefoxx",
    ]
    static let separators = ["://", "://", "://", "://", ":", ":/", ":///", ":\\\\", ":/\\", "://\u{9}", ": //", "%3A//"]
    static let userInfos = ["user@", "user:pass@", "a%40b@", "@", "good.example@", "a.example%40", "a:@", "%00@"]
    static let hosts = [
        "a.example", "a.example", "A.EXAMPLE", "evil.example", "charge-result", "%FF", "%C3%A9.example", "%C0%80",
        "%ED%A0%80", "%E2%80%AE.example", "[]", "[::1]", "[::1", "[foo]", "[v1.x]", "[::ffff:127.0.0.1]", "xn--bcher-kva.example",
        "XN--BCHER-KVA.example", "xn--", "xn--zz-", "xn--9ca", "xn--ls8h", "xn--a", "xn--1ug", "xn--ib9b", "a.xn--",
        "xn--d1acpjx3f.xn--p1ai", "é.example", "a%2Fb", "a%00b", "a%20b", "%2e", "127.0.0.1", "0x7f.1", "",
        "a.example%5C", "good.example\\@evil.example", "a b", "a\u{9}b", "a\u{0}b", "a.example.", "a..example",
        "%61.example", "a.example%2F%2Fevil.example", "a.example?", "a.example#", "a.example%23",
    ]
    static let ports = ["", "", "", ":443", ":", ":99999", ":x", ":0", ":8443", ":-1", ": 80"]
    static let paths = [
        "", "/", "/cb", "/cb", "/%2F%2Fevil.example", "//evil.example", "/..%2F..%2F", "/a b", "/%00", "/%FF",
        "/\\evil.example", "/%zz", "/%", "/[x]", "/cb/../cb", "/.%2e/", "/@evil.example", "/:443",
        "/\u{7F}", "/é", "/%E2%80%AE", "/cb%3Fa=1", "/cb;x",
    ]
    static let queries = ["", "", "", "?a=1", "?rt-state=x", "?rt-state=x&rt-state=y", "?rt-sig=x", "?a=%FF", "?a=1&b", "?%"]
    static let fragments = ["", "", "", "", "#", "#x", "#a#b", "%23x"]
    static let noise: [Character] = [
        " ", "\u{9}", "\u{A}", "\u{D}", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{A0}", "\u{200B}", "\u{2028}", "\\", "#", "@", "%", "[", "]",
    ]

    /// The next hostile callback URL.
    mutating func next() -> String {
        if chance(1, in: 12) { return random(from: Self.allowListBases) + random(from: Self.queries) }
        var scheme = random(from: chance(1, in: 3) ? Self.forbiddenSchemes : Self.schemes)
        if chance(1, in: 3) { scheme = mixCase(scheme) }
        var host = random(from: Self.hosts)
        if chance(1, in: 8) { host = punycodeLabel() + (chance(1, in: 2) ? ".example" : "") }
        if chance(1, in: 3) { host = mixCase(host) }
        var url = scheme + random(from: Self.separators)
        if chance(1, in: 8) { url += random(from: Self.userInfos) }
        url += host + random(from: Self.ports) + random(from: Self.paths) + random(from: Self.queries) + random(from: Self.fragments)
        if chance(1, in: 6) {
            var characters = Array(url)
            characters.insert(random(from: Self.noise), at: Int(draw() % UInt64(characters.count + 1)))
            url = String(characters)
        }
        if chance(1, in: 20) { url = url + url }
        return url
    }

    /// An `xn--` label: valid, truncated, with a bad digit, or random digits.
    private mutating func punycodeLabel() -> String {
        let digits = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCZ-")
        var body = ""
        for _ in 0..<Int(draw() % 9) { body.append(random(from: digits)) }
        switch draw() % 4 {
        case 0: return "xn--" + body
        case 1: return "xn--bcher-kva" + body
        case 2: return "xn--" + random(from: ["bcher-kva", "9ca", "ls8h", "d1acpjx3f", "p1ai", "zz-", "-", "a-"]).dropLast(Int(draw() % 2))
        default: return "xn--" + body + random(from: ["_", "%41", "%FF", "é", ""])
        }
    }

    private mutating func mixCase(_ text: String) -> String {
        String(text.map { chance(1, in: 2) ? Character($0.uppercased()) : $0 })
    }

    private mutating func random<Element>(from elements: [Element]) -> Element {
        elements[Int(draw() % UInt64(elements.count))]
    }

    private mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool {
        draw() % denominator < numerator
    }

    /// The generator's next value.
    private mutating func draw() -> UInt64 { generator.next() }
}
