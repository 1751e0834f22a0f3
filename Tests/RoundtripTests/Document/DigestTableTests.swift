import PropertyBased
import Roundtrip
import Testing

/// The table the spec reader keeps its read definitions in (and the JSON parser the objects that
/// may repeat) finds, for a digest, the first element inserted that matches, exactly as a search
/// in insertion order of the elements it kept would, however many elements share a digest and
/// however often the table grows; and it keeps at most a few under one digest, so that digests
/// an attacker chose to collide cost a lookup no more than a few comparisons.
@Suite("Digest table: the first matching element inserted under a digest")
struct DigestTableTests {
    @Test func anEmptyTableFindsNothing() {
        let table = DigestTable<Int>()
        #expect(table.first(digest: 0) { _ in true } == nil)
    }

    @Test func elementsSharingADigestAreFoundInInsertionOrder() {
        var table = DigestTable<String>()
        for text in ["a", "b", "c"] {
            let inserted = table.insert(text, digest: 7)
            #expect(inserted)
        }
        #expect(table.first(digest: 7) { _ in true } == "a")
        #expect(table.first(digest: 7) { $0 != "a" } == "b")
        #expect(table.first(digest: 7) { $0 == "c" } == "c")
        #expect(table.first(digest: 8) { _ in true } == nil)
    }

    @Test func aDigestKeepsAtMostItsLimitAndALookupComparesNoMore() {
        var table = DigestTable<Int>(elementsPerDigest: 4)
        let kept = (0..<10_000).filter { table.insert($0, digest: 42) }
        #expect(kept == [0, 1, 2, 3])
        var compared = 0
        #expect(
            table.first(digest: 42) { _ in
                compared += 1
                return false
            } == nil
        )
        #expect(compared == 4)
        // Other digests are still kept.
        let inserted = table.insert(10_000, digest: 43)
        #expect(inserted)
        #expect(table.first(digest: 43) { _ in true } == 10_000)
    }

    /// Digests from a handful of values (many collisions) and from anywhere (high bits only
    /// differing), several hundred elements (the table grows past its first 64 slots), and
    /// limits from one element per digest to more than any digest gets.
    @Test func findsWhatASearchInInsertionOrderOfTheKeptElementsFinds() async {
        let digest = Gen.uint64(in: 0...5).map { $0 << 60 | $0 }
        let input = zip(digest, Gen.int(in: 0...9)).array(of: 0...300)
        await propertyCheck(count: 60, input: input, Gen.uint64(in: 0...5).map { $0 << 60 | $0 }, Gen.int(in: 0...9), Gen.int(in: 1...400)) {
            entries,
            wanted,
            value,
            limit in
            var table = DigestTable<(number: Int, value: Int)>(elementsPerDigest: limit)
            for (number, entry) in entries.enumerated() { table.insert((number, entry.1), digest: entry.0) }
            let kept = entries.indices.filter { entries[$0].0 == wanted }.prefix(limit)
            let expected = kept.first { entries[$0].1 == value }
            #expect(table.first(digest: wanted) { $0.value == value }?.number == expected)
        }
    }
}
