/// The decimals of an accepted request whose text as written is not the shortest form of their
/// value (`10.00`, `010`, `-0`), by slot, so that the request reports a payment amount with the
/// scale it was sent with.
///
/// A query value that decodes to itself is kept as its byte range in the URL, and its text is
/// made only when the request's canonical values are read, so deciding copies no string for
/// it. A value that was percent-decoded (or came from a route, the whole query or the fragment)
/// keeps its decoded text.
struct WrittenDecimals: Sendable {
    /// A decimal kept as URL bytes: its slot (-1 for none) and its range.
    private typealias InPlace = (slot: Int, range: Range<Int>)

    /// The first two decimals kept as URL bytes, in plain fields: a payment request often
    /// carries an amount and a tip or tax, and deciding it then allocates nothing here.
    private var first: InPlace = (-1, 0..<0)
    private var second: InPlace = (-1, 0..<0)
    /// The others: by byte range, or by decoded text.
    private var more: [(slot: Int, range: Range<Int>?, decoded: String)] = []

    /// No decimal written longer than its shortest form.
    init() {}

    /// Remembers the decimal at `slot`, written as the URL's bytes at `range`.
    mutating func append(slot: Int, urlBytes range: Range<Int>) {
        if first.slot < 0 {
            first = (slot, range)
        } else if second.slot < 0 {
            second = (slot, range)
        } else {
            more.append((slot, range, ""))
        }
    }

    /// Remembers the decimal at `slot`, written as `decoded` once percent-decoded.
    mutating func append(slot: Int, decoded: String) {
        more.append((slot, nil, decoded))
    }

    /// Each decimal's text as written, named by `names[slot]` (each slot at most once, in no
    /// particular order); `url` is the URL the decision read (``AcceptedRequest/url``), whose
    /// UTF-8 bytes the ranges index.
    func texts(names: [String], url: String) -> [(name: String, text: String)] {
        func text(at range: Range<Int>) -> String {
            let utf8 = url.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            return String(decoding: utf8[start..<utf8.index(start, offsetBy: range.count)], as: UTF8.self)
        }
        var texts: [(name: String, text: String)] = []
        for inPlace in [first, second] where inPlace.slot >= 0 { texts.append((names[inPlace.slot], text(at: inPlace.range))) }
        for entry in more { texts.append((names[entry.slot], entry.range.map(text(at:)) ?? entry.decoded)) }
        return texts
    }
}
