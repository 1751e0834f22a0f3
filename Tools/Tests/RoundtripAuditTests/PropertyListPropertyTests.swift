import Foundation
import PropertyBased
import Testing

@testable import RoundtripAudit

/// Property tests of the plist reader: random trees read back as written, in both formats; any
/// corruption of their bytes is an error, never a crash; and a shared binary object costs exactly
/// one visit per reference.
@Suite("Property lists: random trees, corrupted bytes, shared objects")
struct PropertyListPropertyTests {
    /// SplitMix64, to grow a whole tree from one generated seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static let strings = ["", "x", "com.example.app", "Grüße ✓", "a & b < c > d", String(repeating: "long ", count: 40), "日本語", "🙂"]

    /// A random value as Foundation writes it, and as the reader must return it.
    static func tree(_ random: inout SplitMix, depth: Int) -> (plist: Any, value: PropertyListValue) {
        switch random.below(depth >= 4 ? 6 : 8) {
        case 0:
            let text = strings[random.below(strings.count)]
            return (text, .string(text))
        case 1:
            // Integers of every width; 0 and 1 are left out, as XML cannot tell them from Booleans.
            let number = Int(truncatingIfNeeded: random.next() >> UInt64(random.below(64))) | 2
            return (number, .integer(number))
        case 2:
            let number = Double(random.below(2_000_000) - 1_000_000) + 0.25
            return (number, .real(number))
        case 3:
            let flag = random.below(2) == 0
            return (flag, .boolean(flag))
        case 4:
            let date = Date(timeIntervalSinceReferenceDate: Double(random.below(2_000_000_000) - 1_000_000_000))
            return (date, .date(date))
        case 5:
            let count = random.below(64)
            return (Data(count: count), .data(byteCount: count))
        case 6:
            let children = (0..<random.below(6)).map { _ in tree(&random, depth: depth + 1) }
            return (children.map(\.plist), .array(children.map(\.value)))
        default:
            return dictionary(&random, depth: depth)
        }
    }

    static func dictionary(_ random: inout SplitMix, depth: Int) -> (plist: [String: Any], value: PropertyListValue) {
        var plist: [String: Any] = [:]
        var value: [String: PropertyListValue] = [:]
        for index in 0..<random.below(6) {
            let child = tree(&random, depth: depth + 1)
            plist["k\(index)"] = child.plist
            value["k\(index)"] = child.value
        }
        return (plist, .dictionary(value))
    }

    @Test("a random tree written by Foundation reads back the same, binary (own reader) and XML (scan, then Foundation)")
    func roundTrip() async {
        await propertyCheck(count: 300, input: Gen.uint64()) { seed in
            var random = SplitMix(state: seed)
            let (plist, value) = Self.dictionary(&random, depth: 0)
            for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
                let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
                #expect(try PropertyListReader.read(data, path: "p") == value, "seed \(seed), \(format)")
            }
        }
    }

    @Test("corrupted bytes of a valid plist read or fail with an AuditError, within the visit budget")
    func corruption() async {
        await propertyCheck(count: 400, input: Gen.uint64()) { seed in
            var random = SplitMix(state: seed)
            let (plist, _) = Self.dictionary(&random, depth: 0)
            let format: PropertyListSerialization.PropertyListFormat = random.below(2) == 0 ? .binary : .xml
            var bytes = [UInt8](try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0))
            for _ in 0..<(1 + random.below(8)) {
                // Binary plists keep their sizes and offsets at the end: aim there half the time.
                let span = random.below(2) == 0 ? bytes.count : min(bytes.count, 48)
                bytes[bytes.count - 1 - random.below(span)] = UInt8(truncatingIfNeeded: random.next())
            }
            if random.below(5) == 0 { bytes = Array(bytes.prefix(random.below(bytes.count))) }
            do {
                _ = try PropertyListReader.read(Data(bytes), path: "p")
            } catch let error as AuditError {
                #expect([AuditError.Code.invalidPropertyList, .tooLarge].contains(error.code), "seed \(seed): \(error)")
            }
            if var reader = try? BinaryPropertyList(Data(bytes), maximumDepth: 64, maximumVisits: PropertyListReader.maximumValues) {
                _ = try? reader.read()
                #expect(reader.visits <= PropertyListReader.maximumValues + 1)
            }
        }
    }

    @Test("levels of shared arrays cost exactly one visit per reference, up to the budget")
    func sharedLevels() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...12), Gen.int(in: 1...14)) { levels, fanOut in
            let data = HandmadeBinaryPlist.sharedLevels(levels, fanOut: fanOut)
            // The dictionary and its key, then fanOutⁱ visits at each level i below the top array.
            let expected = (0...levels).reduce(2) { total, level in total &+ Int(pow(Double(fanOut), Double(level))) }
            let budget = 5_000
            var reader = try BinaryPropertyList(data, maximumDepth: 64, maximumVisits: budget)
            do {
                _ = try reader.read()
                #expect(reader.visits == expected)
            } catch let error as BinaryPropertyList.Problem {
                #expect(error.isTooLarge)
                #expect(expected > budget)
                #expect(reader.visits == budget + 1)
            }
        }
    }
}
