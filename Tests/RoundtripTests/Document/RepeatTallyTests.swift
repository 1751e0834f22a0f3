import Roundtrip
import Testing

/// When the spec reader and the JSON parser stop looking for earlier copies of a text: after 32
/// misses, once fewer than one lookup in five finds a copy.
@Suite struct RepeatTallyTests {
    @Test func lookingUpPaysUntilThirtyTwoMisses() {
        var tally = RepeatTally()
        for _ in 0..<31 { tally.count(found: false) }
        #expect(tally.pays)
        tally.count(found: false)
        #expect(!tally.pays)
    }

    @Test(arguments: [(found: 8, missed: 32, pays: true), (found: 8, missed: 33, pays: false), (found: 100, missed: 400, pays: true)])
    func pastThePatienceOneLookupInFiveMustFindACopy(_ tallied: (found: Int, missed: Int, pays: Bool)) {
        var tally = RepeatTally()
        for _ in 0..<tallied.found { tally.count(found: true) }
        for _ in 0..<tallied.missed { tally.count(found: false) }
        #expect(tally.found == tallied.found && tally.missed == tallied.missed)
        #expect(tally.pays == tallied.pays)
    }
}
