/// How many lookups for an earlier copy of a text found one and how many did not, and whether
/// looking up still pays.
///
/// Looking up costs a digest and a comparison or two; it pays while repeats are found. A document
/// whose parts all differ (a spec in which no parameter definition repeats another) would pay for
/// every lookup and find nothing, so lookups stop once many have missed and most of them have.
/// Stopping changes only the time taken, never the result: a part that is not looked up is read
/// in full, as a missed lookup's part is.
package struct RepeatTally {
    /// Lookups that found an earlier copy.
    package private(set) var found = 0
    /// Lookups that found none.
    package private(set) var missed = 0

    /// A tally with no lookups yet.
    package init() {}

    /// Whether the next part is worth looking up: until 32 lookups have missed, and as long as
    /// at least one in five finds a copy.
    package var pays: Bool { missed < 32 || missed <= 4 * found }

    /// Counts one lookup.
    package mutating func count(found isFound: Bool) {
        if isFound { found += 1 } else { missed += 1 }
    }
}
