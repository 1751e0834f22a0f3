import Foundation
import PropertyBased
import Roundtrip
import RoundtripTestSupport
import Testing

/// Our URL split against Foundation's `URLComponents` on generated RFC 3986 URLs. Parser
/// differentials are how callback checks get bypassed, so every disagreement is either fixed or
/// explained here.
@Suite("Differential: URLSplit versus Foundation's URLComponents")
struct URLSplitDifferentialTests {
    /// Characters RFC 3986 allows in a path segment (pchar) and in query/fragment, plus escapes.
    static let pchar = Gen<Character?>.element(of: Array("abcXYZ019-._~!$&'()*+,;=:@%") as [Character]).map { $0 ?? "a" }
    static let queryChar = Gen<Character?>.element(of: Array("abcXYZ019-._~!$&'()*+,;=:@/?%") as [Character]).map { $0 ?? "a" }
    static let hostChar = Gen<Character?>.element(of: Array("abcxyz0189-.") as [Character]).map { $0 ?? "a" }

    /// Replaces each `%` with a valid escape, so the generated text is a valid URL.
    static func escaped(_ text: String) -> String {
        var output = ""
        var counter = 0
        for character in text {
            if character == "%" {
                counter += 1
                output += ["%20", "%2F", "%41", "%C3%A9", "%25"][counter % 5]
            } else {
                output.append(character)
            }
        }
        return output
    }

    static let urls = zip(
        Gen<Character?>.element(of: Array("ahxz") as [Character]).map { $0 ?? "a" }.string(of: 1...6),
        hostChar.string(of: 0...12),
        Gen.int(in: 0...70000).optional,
        pchar.string(of: 0...8).array(of: 0...4),
        queryChar.string(of: 0...30).optional,
        queryChar.string(of: 0...10).optional
    ).map { scheme, host, port, segments, query, fragment -> String in
        var url = scheme + "://" + host
        if let port { url += ":\(port)" }
        url += segments.map { "/" + escaped($0) }.joined()
        if let query { url += "?" + escaped(query) }
        if let fragment { url += "#" + escaped(fragment) }
        return url
    }

    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var compared = 0, refusedByFoundation = 0
        func count(compared isCompared: Bool) {
            lock.lock()
            if isCompared { compared += 1 } else { refusedByFoundation += 1 }
            lock.unlock()
        }
        var totals: (compared: Int, refused: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (compared, refusedByFoundation)
        }
    }

    @Test("On valid URLs both parsers agree on every component")
    func agreesWithFoundation() async {
        let tally = Tally()
        await propertyCheck(count: 1_000, input: Self.urls) { url in
            guard let components = URLComponents(string: url) else {
                tally.count(compared: false)
                return
            }
            tally.count(compared: true)
            let split = try? URLSplit(url)
            #expect(split != nil, "Foundation parses \(url) but URLSplit rejects it")
            guard let split else { return }
            #expect(String(split.scheme) == components.scheme, "\(url)")
            #expect(String(split.host) == (components.percentEncodedHost ?? ""), "\(url)")
            #expect(split.port.flatMap { Int($0) } == components.port, "\(url)")
            #expect(String(split.path) == components.percentEncodedPath, "\(url)")
            #expect(split.query.map(String.init) == components.percentEncodedQuery, "\(url)")
            #expect(split.fragment.map(String.init) == components.percentEncodedFragment, "\(url)")
            // The decoded query items agree too, where Foundation reads them the same way.
            if let query = split.query, let items = try? QueryCodec.decode(query, allowDuplicates: true) {
                // Foundation reports a stray '&' as an item with no name and no value; the codec skips it.
                let foundation = components.queryItems?.filter { !($0.name.isEmpty && $0.value == nil) }.map {
                    QueryItem(name: $0.name, value: $0.value)
                }
                #expect(items == foundation, "\(url)")
            }
        }
        let totals = tally.totals
        #expect(totals.compared >= 800, "only \(totals.compared) URLs were compared (\(totals.refused) refused by Foundation)")
    }

    /// Where the parsers differ, each difference and why it is harmless.
    ///
    /// `[` and `]` are not allowed in a query by RFC 3986; Foundation's `URLComponents(string:)`
    /// re-encodes them (its `encodingInvalidCharacters` default) while URLSplit keeps the raw text.
    /// Both decode to the same item, and every Roundtrip decision works on decoded names and values.
    @Test func bracketsInAQueryDecodeToTheSameItems() throws {
        let url = "x://h/p?a[]=1"
        let split = try URLSplit(url)
        #expect(split.query == "a[]=1")
        let components = try #require(URLComponents(string: url))
        #expect(components.percentEncodedQuery == "a%5B%5D=1")
        #expect(try QueryCodec.decode(split.query ?? "") == components.queryItems?.map { QueryItem(name: $0.name, value: $0.value) })
    }

    /// Space, `<`, `>`, `{`, `|`, `}`, `^`, backtick and non-ASCII bytes: Foundation re-encodes them
    /// silently; URLSplit refuses the URL (`malformed-url`), so a URL never means two things.
    @Test(arguments: ["x://h/a b", "x://h/?q=<x>", "x://h/{a}", "x://h/é"])
    func invalidCharactersAreRefusedNotRepaired(url: String) {
        #expect(rejection { try URLSplit(url) }?.code == .malformedURL)
    }
}
