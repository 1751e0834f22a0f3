import Roundtrip

/// The parts of a URL that patterns are compared with, decoded once per URL.
///
/// The path, query and fragment are percent-decoded (see ``PatternCompiler`` for why); an empty
/// path counts as `/`, and an absent query or fragment as the empty string. Case-folded copies
/// exist only when the file has a case-insensitive pattern.
struct URLText: Sendable {
    struct Item: Sendable {
        let name: String
        let value: [UInt32]
        let foldedValue: [UInt32]
    }

    let path: [UInt32]
    let foldedPath: [UInt32]
    let query: [UInt32]
    let foldedQuery: [UInt32]
    let fragment: [UInt32]
    let foldedFragment: [UInt32]
    let items: [Item]
    /// Item positions by name, for URLs with many items (so a query dictionary of *k* names is
    /// checked in O(*k*) lookups, not O(*k*·*items*) comparisons); `nil` for a few items.
    private let itemIndex: [String: [Int]]?
    /// The URL's scheme, lowercased.
    let scheme: String

    /// Splits and decodes a URL.
    ///
    /// - Throws: ``AssociationError`` `invalid-url` when the text is not an absolute URL.
    init(_ url: String, folding: Bool) throws(AssociationError) {
        let split: URLSplit
        do {
            split = try URLSplit(url)
        } catch {
            throw AssociationError(.invalidURL, "'\(url)' is not a URL that can be matched: \(error.message)")
        }
        scheme = split.scheme.lowercased()
        path = split.path.isEmpty ? [0x2F] : PercentText.decodedScalars(split.path)
        query = split.query.map { PercentText.decodedScalars($0) } ?? []
        fragment = split.fragment.map { PercentText.decodedScalars($0) } ?? []
        foldedPath = folding ? CaseFolding.fold(path) : []
        foldedQuery = folding ? CaseFolding.fold(query) : []
        foldedFragment = folding ? CaseFolding.fold(fragment) : []
        var items: [Item] = []
        if let rawQuery = split.query {
            for piece in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
                let name: Substring
                let value: Substring
                if let equals = piece.firstIndex(of: "=") {
                    name = piece[..<equals]
                    value = piece[piece.index(after: equals)...]
                } else {
                    name = piece
                    value = ""
                }
                let decoded = PercentText.decodedScalars(value)
                items.append(Item(name: PercentText.decodedString(name), value: decoded, foldedValue: folding ? CaseFolding.fold(decoded) : []))
            }
        }
        self.items = items
        if items.count > URLText.linearItemLimit {
            var index: [String: [Int]] = [:]
            for (position, item) in items.enumerated() { index[item.name, default: []].append(position) }
            itemIndex = index
        } else {
            itemIndex = nil
        }
    }

    /// Up to this many items are searched one by one.
    private static let linearItemLimit = 16

    /// Calls `body` with each item of this name, in URL order, until it returns `false`.
    func forEachItem(named name: String, _ body: (Item) -> Bool) {
        if let itemIndex {
            for position in itemIndex[name] ?? [] where !body(items[position]) { return }
            return
        }
        for item in items where item.name == name && !body(item) { return }
    }
}
