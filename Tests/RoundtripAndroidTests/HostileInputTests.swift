import RoundtripAndroid
import Testing

/// No input makes the readers or matchers crash: mutated files and random patterns, from a fixed
/// seed so a failure repeats.
struct HostileInputTests {
    /// A small deterministic generator (xorshift64*, Vigna, "An experimental exploration of
    /// Marsaglia's xorshift generators, scrambled").
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
    }

    static func mutations(of seed: [UInt8], count: Int, alphabet: [UInt8]) -> [[UInt8]] {
        var generator = Generator(state: 0x9E37_79B9_7F4A_7C15)
        return (0..<count).map { _ in
            var bytes = seed
            for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = alphabet.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: index)
                }
            }
            return bytes
        }
    }

    @Test func mutatedAssetLinksFilesNeverCrashAndTheStrictReaderAgrees() throws {
        let seed = try AndroidFixture.bytes("assetlinks/dynamic-rules.json")
        for bytes in HostileInputTests.mutations(of: seed, count: 400, alphabet: Array("[]{}\",:/*?#\\ a0".utf8)) {
            let findings = AssetLinksLinter.lint(bytes)
            let strict = try? AssetLinksFile(json: bytes)
            #expect((strict != nil) == !findings.contains { $0.severity == .error })
            if let strict {
                #expect(try AssetLinksFile(json: strict.jsonBytes()) == strict)
                _ = try? AssetLinksMatcher(strict).match("https://example.com/a?b=c#d", package: "com.example.terminal")
            }
        }
    }

    @Test func mutatedManifestsNeverCrash() throws {
        let seed = try AndroidFixture.bytes("android/AndroidManifest.xml")
        for bytes in HostileInputTests.mutations(of: seed, count: 200, alphabet: Array("<>/\"=&;*.[]{}+\\ ax".utf8)) {
            if let manifest = try? AndroidManifest(xml: bytes) {
                _ = manifest.matches(AndroidURI("https://pay.example.com/orders/1.html?q=shoes#x"))
            }
        }
    }

    @Test func randomPatternsNeverCrash() {
        var generator = Generator(state: 42)
        let alphabet = Array("ab.*+[]^-{},0123\\/")
        for _ in 0..<2_000 {
            let pattern = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            for kind in AndroidPattern.Kind.allCases {
                _ = (try? AndroidPattern(pattern, kind: kind))?.matches(text)
            }
        }
    }
}
