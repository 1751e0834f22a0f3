import Roundtrip
import Testing

/// The package's one percent decoder, in both modes: strict for values (RFC 3986 section 2.1:
/// `%` begins a two-digit escape) and lenient for hosts already checked and the
/// associated-domains matcher (the WHATWG URL Standard's "percent-decode" keeps a `%` that no
/// two hex digits follow).
@Suite("Percent decoding: one decoder, strict and lenient")
struct PercentUnescapeTests {
    struct UnescapeCase: Sendable, CustomTestStringConvertible {
        let input: String
        let plusIsSpace: Bool
        let lenient: [UInt8]
        /// The strict result: the decoded bytes, or the offset of the bad escape.
        let strict: Result<[UInt8], PercentDecoding.Failure>
        var testDescription: String { input }
    }

    static let cases: [UnescapeCase] = [
        UnescapeCase(input: "", plusIsSpace: false, lenient: [], strict: .success([])),
        UnescapeCase(input: "abc", plusIsSpace: false, lenient: Array("abc".utf8), strict: .success(Array("abc".utf8))),
        UnescapeCase(input: "%41%62", plusIsSpace: false, lenient: Array("Ab".utf8), strict: .success(Array("Ab".utf8))),
        UnescapeCase(input: "%c3%A9", plusIsSpace: false, lenient: [0xC3, 0xA9], strict: .success([0xC3, 0xA9])),
        UnescapeCase(input: "a+b%2B", plusIsSpace: false, lenient: Array("a+b+".utf8), strict: .success(Array("a+b+".utf8))),
        UnescapeCase(input: "a+b%2B", plusIsSpace: true, lenient: Array("a b+".utf8), strict: .success(Array("a b+".utf8))),
        UnescapeCase(input: "100%", plusIsSpace: false, lenient: Array("100%".utf8), strict: .failure(.badEscape(offset: 3))),
        UnescapeCase(input: "%4", plusIsSpace: false, lenient: Array("%4".utf8), strict: .failure(.badEscape(offset: 0))),
        UnescapeCase(input: "%zz%41", plusIsSpace: false, lenient: Array("%zzA".utf8), strict: .failure(.badEscape(offset: 0))),
        UnescapeCase(input: "%41%%42", plusIsSpace: false, lenient: Array("A%B".utf8), strict: .failure(.badEscape(offset: 3))),
    ]

    @Test(arguments: cases)
    func bothModesDecodeEscapesAndDifferOnlyOnABadOne(_ testCase: UnescapeCase) {
        var input = testCase.input
        input.withUTF8 { bytes in
            let capacity = max(bytes.count, 1)
            let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
            defer { output.deallocate() }
            let lenient = PercentDecoding.unescape(bytes, into: output, mode: .lenient, plusIsSpace: testCase.plusIsSpace)
            #expect(lenient.map { Array(output[0..<$0]) } == .success(testCase.lenient))
            let strict = PercentDecoding.unescape(bytes, into: output, mode: .strict, plusIsSpace: testCase.plusIsSpace)
            #expect(strict.map { Array(output[0..<$0]) } == testCase.strict)
        }
        if !testCase.plusIsSpace { #expect(PercentDecoding.leniently(testCase.input) == testCase.lenient) }
    }
}
