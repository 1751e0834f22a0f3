import Foundation
import PropertyBased
import Roundtrip
import RoundtripTestSupport
import Testing

/// Whatever the bytes, the decision is an answer, never a crash.
@Suite("Hostile input")
struct HostileInputTests {
    @Test(
        arguments: [
            ("\u{0}", RoundtripError.Code.malformedURL),
            ("notes://x-callback-url/add?title=%", .invalidEncoding),
            ("notes://x-callback-url/add?title=" + String(repeating: "%41", count: 40_000), .tooLarge),
            ("notes://x-callback-url/add?" + (0..<10_000).map { "p\($0)=1" }.joined(separator: "&"), .tooLarge),
            ("notes://x-callback-url/add?title=%C0%80", .invalidEncoding),  // overlong NUL
            ("notes://x-callback-url/add?title=%F8%88%80%80%80", .invalidEncoding),  // 5-byte form
            ("notes://x-callback-url/add?title=%E0%80%80", .invalidEncoding),  // overlong 3-byte
            ("notes://x-callback-url/add?title=%EF%BB%BF", .none),  // BOM is a character, allowed
            (String(repeating: "a", count: 20_000) + "://x", .tooLarge),
        ] as [(String, RoundtripError.Code?)]
    )
    func answersEveryInput(url: String, code: RoundtripError.Code?) throws {
        let endpoint = try TestSpecs.endpoint("rich")
        let error = rejection { try endpoint.evaluate(url) }
        #expect(error?.code == code, "\(String(describing: error))")
    }

    @Test func limitsAreConfigurable() throws {
        let endpoint = try Endpoint(spec: TestSpecs.spec("rich"), limits: QueryLimits(maximumURLLength: 40, maximumParameterCount: 2))
        #expect(
            rejection { try endpoint.evaluate("notes://x-callback-url/add?title=" + String(repeating: "a", count: 20)) }?.message
                == "the URL is 53 bytes long; the limit is 40"
        )
        #expect(rejection { try endpoint.evaluate("notes://x-callback-url/add?title=a&b&c") }?.message == "the URL has 3 parameters; the limit is 2")
    }

    /// Printable ASCII and the characters URLs are built from, so mutations reach deep into the decision.
    static let urlish = Gen<Character?>.element(of: Array("notes:/x-callback-url/add?title=&%20AF8CE2x-successrt-#.:@\\ \u{0}é") as [Character])
        .map { $0 ?? "a" }
        .string(of: 0...80)

    @Test("Random URL-like input never crashes the decision")
    func randomInputNeverCrashes() async throws {
        let endpoint = try TestSpecs.endpoint("rich")
        await propertyCheck(count: 2_000, input: Self.urlish) { text in
            _ = try? endpoint.evaluate("notes://x-callback-url/add?" + text)
            _ = try? endpoint.evaluate(text)
        }
    }

    @Test("Mutating each byte of a valid request gives an answer, never a crash")
    func byteMutationSweep() throws {
        let endpoint = try TestSpecs.endpoint("rich")
        let valid = Array("notes://x-callback-url/add?title=Buy%20milk&priority=2&x-success=pos%3A%2F%2Fdone%3Frt-state%3Dabc".utf8)
        _ = try endpoint.evaluate(String(decoding: valid, as: UTF8.self))
        for position in valid.indices {
            for replacement: UInt8 in [0x00, 0x25, 0x26, 0x3D, 0x23, 0x3F, 0x2F, 0x5C, 0x20, 0xFF, 0x7F] {
                var bytes = valid
                bytes[position] = replacement
                _ = try? endpoint.evaluate(String(decoding: bytes, as: UTF8.self))
            }
        }
    }
}
