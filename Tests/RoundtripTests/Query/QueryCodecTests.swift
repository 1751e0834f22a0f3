import Foundation
import PropertyBased
import RoundtripTestSupport
import Testing

@testable import Roundtrip

@Suite("Strict query codec")
struct QueryCodecTests {
    @Test(arguments: [
        ("a=1&b=2", [QueryItem(name: "a", value: "1"), QueryItem(name: "b", value: "2")]),
        ("flag", [QueryItem(name: "flag", value: nil)]),
        ("flag=", [QueryItem(name: "flag", value: "")]),
        ("a=x=y", [QueryItem(name: "a", value: "x=y")]),
        ("q=1+1", [QueryItem(name: "q", value: "1+1")]),  // + is a literal plus, as URLComponents reads it
        ("q=%2B%20", [QueryItem(name: "q", value: "+ ")]),
        ("t=%E2%82%AC%F0%9F%98%80", [QueryItem(name: "t", value: "€😀")]),
        ("n%61me=v", [QueryItem(name: "name", value: "v")]),
        ("r=my-return-url%3A%2F%2F%3Frecord_id%3D123", [QueryItem(name: "r", value: "my-return-url://?record_id=123")]),
        ("", []),
        // A stray '&' (an empty pair) is skipped, as URLComponents skips it.
        ("&filepath=Inbox", [QueryItem(name: "filepath", value: "Inbox")]),
        ("a=1&&b", [QueryItem(name: "a", value: "1"), QueryItem(name: "b", value: nil)]),
        ("a=1&", [QueryItem(name: "a", value: "1")]),
        ("&&&", []),
    ])
    func decodes(query: String, expected: [QueryItem]) throws {
        #expect(try QueryCodec.decode(query) == expected)
    }

    @Test(arguments: [
        ("a=%", RoundtripError.Code.invalidEncoding),
        ("a=ab%", .invalidEncoding),  // regression: a trailing bad escape once overran the decode buffer
        ("a=abcd%4", .invalidEncoding),
        ("a=%4", .invalidEncoding),
        ("a=%zz", .invalidEncoding),
        ("a=%C3", .invalidEncoding),  // truncated sequence
        ("a=%C3%28", .invalidEncoding),  // bad continuation
        ("a=%E0%80%AF", .invalidEncoding),  // overlong '/'
        ("a=%F4%90%80%80", .invalidEncoding),  // above U+10FFFF
        ("a=%00", .invalidEncoding),
        ("a=%7F", .invalidEncoding),
        ("a=%C2%9B", .invalidEncoding),  // C1 CSI
        ("a=1&a=2", .duplicateParameter),
        ("=1", .malformedURL),
        ("a=1&&=2", .malformedURL),
    ])
    func rejects(query: String, code: RoundtripError.Code) {
        #expect(rejection { try QueryCodec.decode(query) }?.code == code)
    }

    @Test func duplicatesAllowedWhenAsked() throws {
        #expect(try QueryCodec.decode("a=1&a=2", allowDuplicates: true).count == 2)
    }

    @Test func duplicateDetectionAboveTheLinearThreshold() {
        let query = (0..<40).map { "p\($0)=1" }.joined(separator: "&") + "&p7=2"
        #expect(rejection { try QueryCodec.decode(query) }?.parameter == "p7")
    }

    @Test(arguments: [
        ([QueryItem(name: "a b", value: "1+2 3")], "a%20b=1%2B2%203"),
        ([QueryItem(name: "url", value: "my-return-url://?record_id=123")], "url=my-return-url%3A%2F%2F%3Frecord_id%3D123"),
        ([QueryItem(name: "f", value: nil), QueryItem(name: "e", value: "")], "f&e="),
        ([QueryItem(name: "u", value: "-._~")], "u=-._~"),
        ([QueryItem(name: "x", value: "é")], "x=%C3%A9"),
    ])
    func encodes(items: [QueryItem], expected: String) {
        #expect(QueryCodec.encode(items) == expected)
    }

    @Test("What Roundtrip encodes, Foundation's URLComponents decodes to the same items")
    func foundationAgreesWithTheEncoder() throws {
        let items = [QueryItem(name: "q", value: "a+b c&d=e/f?g#h%"), QueryItem(name: "€", value: "😀")]
        let components = try #require(URLComponents(string: "x://h?" + QueryCodec.encode(items)))
        #expect(components.queryItems?.map { QueryItem(name: $0.name, value: $0.value) } == items)
    }

    @Test("Empty pairs are read as URLComponents reads them: a pair with no name and no value, which the codec skips")
    func emptyPairsAgreeWithURLComponents() async {
        // Queries built from names, values and empty pairs (stray '&'s) in any order.
        let pairs = ["a", "b%20c", "n%61me", "q"].flatMap { name in ["1", "x%2By", "+", "%E2%82%AC", ""].map { "\(name)=\($0)" } }
        let pieces = ["", "", "flag", "e="] + pairs
        let queries = Gen.int(in: 0...(pieces.count - 1)).map { pieces[$0] }.array(of: 0...8).map { $0.joined(separator: "&") }
        await propertyCheck(count: 500, input: queries) { query in
            let foundation =
                URLComponents(string: "x://h?" + query)?.queryItems?
                .filter { !($0.name.isEmpty && $0.value == nil) }
                .map { QueryItem(name: $0.name, value: $0.value) } ?? []
            let ours = try? QueryCodec.decode(query, allowDuplicates: true)
            #expect(ours == foundation, "\(query)")
        }
    }

    /// Text drawn from all of Unicode except the characters Roundtrip rejects.
    static let text = Gen<UInt32>.value(in: 0x20...0x10FFFF)
        .compactMap { value -> Character? in
            guard value != 0x7F, !PercentDecoding.isForbiddenScalar(value), let scalar = Unicode.Scalar(value) else { return nil }
            return Character(scalar)
        }
        .string(of: 0...12)

    @Test("encode → decode is the identity for arbitrary parameter sets")
    func roundTrip() async {
        let pairs = zip(Self.text, Self.text).array(of: 0...20)
        await propertyCheck(count: 300, input: pairs) { (pairs: [(String, String)]) in
            var seen = Set<String>()
            let items: [QueryItem] = pairs.filter { !$0.0.isEmpty && seen.insert($0.0).inserted }.map { QueryItem(name: $0.0, value: $0.1) }
            let encoded = QueryCodec.encode(items)
            #expect((try? QueryCodec.decode(encoded)) == items, "\(encoded)")
            // The encoded query is plain RFC 3986 text a URL can carry.
            #expect((try? URLSplit("x://h?" + encoded))?.query.map(String.init) == encoded)
        }
    }

    @Test("Decoding never crashes on arbitrary bytes")
    func arbitraryBytesNeverCrash() async {
        await propertyCheck(count: 500, input: Gen.uint8().array(of: 0...64)) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            _ = try? QueryCodec.decode(text)
            _ = try? URLSplit(text)
        }
    }
}
