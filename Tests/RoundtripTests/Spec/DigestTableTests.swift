import PropertyBased
import Testing

@testable import Roundtrip

/// The table the spec reader keeps its read definitions in finds, for a digest, the first
/// element inserted that matches, exactly as a search of every element in insertion order would,
/// however many elements share a digest and however often the table grows.
@Suite("Digest table: the first matching element inserted under a digest")
struct DigestTableTests {
    @Test func anEmptyTableFindsNothing() {
        let table = DigestTable<Int>()
        #expect(table.first(digest: 0) { _ in true } == nil)
    }

    @Test func elementsSharingADigestAreFoundInInsertionOrder() {
        var table = DigestTable<String>()
        for text in ["a", "b", "c"] { table.insert(text, digest: 7) }
        #expect(table.first(digest: 7) { _ in true } == "a")
        #expect(table.first(digest: 7) { $0 != "a" } == "b")
        #expect(table.first(digest: 7) { $0 == "c" } == "c")
        #expect(table.first(digest: 8) { _ in true } == nil)
    }

    /// Digests from a handful of values (many collisions) and from anywhere (high bits only
    /// differing), several hundred elements (the table grows past its first 64 slots).
    @Test func findsWhatASearchInInsertionOrderFinds() async {
        let digest = Gen.uint64(in: 0...5).map { $0 << 60 | $0 }
        let input = zip(digest, Gen.int(in: 0...9)).array(of: 0...300)
        await propertyCheck(count: 60, input: input, Gen.uint64(in: 0...5).map { $0 << 60 | $0 }, Gen.int(in: 0...9)) { entries, wanted, value in
            var table = DigestTable<(number: Int, value: Int)>()
            for (number, entry) in entries.enumerated() { table.insert((number, entry.1), digest: entry.0) }
            let expected = entries.indices.first { entries[$0].0 == wanted && entries[$0].1 == value }
            #expect(table.first(digest: wanted) { $0.value == value }?.number == expected)
        }
    }
}
