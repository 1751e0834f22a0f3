import Foundation

/// One decoded query item of an incoming request, with the declared parameter it names.
struct IncomingItem {
    /// The decoded name; the declared parameter's own `String` when the name was matched on its
    /// raw bytes.
    var name: String
    /// The value, checked: decoded, or known to decode to itself.
    var value: IncomingValue
    /// The declared parameter's position, or `nil` when the action declares no such name.
    var position: Int?

    /// The decoded value as text (`""` without `=`), given the bytes of the URL.
    func text(in url: UnsafeBufferPointer<UInt8>) -> String {
        switch value {
        case .absent: ""
        case .plain(let range): String(decoding: UnsafeBufferPointer(rebasing: url[range]), as: UTF8.self)
        case .decoded(let text): text
        }
    }

    /// The decoded value as text, or `nil` without `=`.
    func valueText(in url: UnsafeBufferPointer<UInt8>) -> String? {
        if case .absent = value { return nil }
        return text(in: url)
    }
}

/// The value of an incoming query item, after the decoding checks.
enum IncomingValue {
    /// No `=`.
    case absent
    /// Printable ASCII without `%`: the bytes at these offsets of the URL are the decoded value,
    /// read in place so a number or UUID is parsed without a `String`.
    case plain(Range<Int>)
    /// Any other value, decoded.
    case decoded(String)
}

extension Endpoint.CompiledAction {
    /// Decodes an incoming query for this action, exactly as ``QueryCodec/decode(_:allowDuplicates:)``
    /// does (same checks, same order, same errors), and finds each item's declared parameter in
    /// the same pass.
    ///
    /// This is the measured hot path of ``Endpoint/evaluate(_:source:now:)``: a name without `%`
    /// is compared on its raw bytes against the declared names, so a declared name costs no
    /// `String` and no later lookup, and duplicates are found by comparing positions.
    ///
    /// - Parameters:
    ///   - url: The bytes of a URL that passed ``URLSplit`` (printable ASCII).
    ///   - query: The offsets of its query.
    ///   - selectItem: The offset of the item the route's selection read the action's select
    ///     pair from, if it handed it over: that item is passed over by its place (unless a
    ///     select name shadows a parameter: then select pairs are decoded like any item).
    func decodeQuery(
        _ url: UnsafeBufferPointer<UInt8>,
        _ query: Range<Int>,
        passingOver selectItem: Int? = nil
    ) throws(RoundtripError) -> [IncomingItem] {
        if query.isEmpty { return [] }
        var items: [IncomingItem] = []
        items.reserveCapacity(16)
        var selectPairs = 0
        let start = url.baseAddress!
        try QueryCodec.forEachItem(in: UnsafeBufferPointer(rebasing: url[query])) { raw throws(RoundtripError) in
            let offset = start.distance(to: raw.baseAddress!)
            if offset == selectItem, !select.shadowsParameter {
                selectPairs += 1
            } else if let item = try decodeItem(raw, at: offset) {
                // An `ignore-parameters` name is dropped here, before duplicates are looked for.
                if item.position == nil, let ignored = parameters.ignored, parameters.contains(item.name, in: ignored) { return }
                items.append(item)
            } else {
                selectPairs += 1
            }
        }
        // The selection found each of the action's select pairs once, and may have stopped
        // reading there: one more is a select pair given twice.
        if selectPairs > select.names.count, let repeated = repeatedSelectName(in: UnsafeBufferPointer(rebasing: url[query])) {
            throw RoundtripError(.duplicateParameter, "the parameter '\(repeated)' appears more than once", parameter: repeated)
        }
        if names.foldsCase {
            var steps = 0
            let keyed = items.lazy.filter { item in item.position.map { !self.parameters.repeatable[$0] } ?? true }.map(\.name)
            if let duplicate = NameMatching.firstRepeated(keyed, steps: &steps) {
                throw RoundtripError(
                    .duplicateParameter,
                    "the parameter '\(duplicate)' appears more than once (the action's names match in any letter case)",
                    parameter: duplicate
                )
            }
        } else if let duplicate = firstDuplicateName(in: items) {
            throw RoundtripError(.duplicateParameter, "the parameter '\(duplicate)' appears more than once", parameter: duplicate)
        }
        return items
    }

    /// The first of the action's select names that the query gives twice (read again, only to
    /// name it in the error).
    private func repeatedSelectName(in query: UnsafeBufferPointer<UInt8>) -> String? {
        var seen: Set<String> = []
        var repeated: String?
        let options = PercentDecoding.Options(queryEncoding: parameters.queryEncoding)
        // The query was decoded once already without an error, so reading it again throws none.
        try? QueryCodec.forEachItem(in: query) { raw in
            guard repeated == nil else { return }
            let equals = QueryCodec.nameEnd(raw)
            guard let name = try? QueryCodec.decodeName(raw, end: equals, options: options), isSelectName(name) else { return }
            if !seen.insert(name).inserted { repeated = name }
        }
        return repeated
    }

    /// Decodes one raw `name[=value]` item (see ``QueryCodec/decodeItem(_:)``) that starts at
    /// `offset` in the URL, or gives `nil` for a `select` pair, which the selection has read.
    private func decodeItem(_ raw: UnsafeBufferPointer<UInt8>, at offset: Int) throws(RoundtripError) -> IncomingItem? {
        if parameters.queryEncoding == .form, raw.contains(0x2B) { return try decodeFormItem(raw) }
        let equals = QueryCodec.nameEnd(raw)
        let name: String
        let position: Int?
        let rawName = UnsafeBufferPointer(rebasing: raw[0..<equals])
        if let declared = names.position(rawName: rawName) {
            name = names.list[declared]
            position = declared
        } else {
            if isSelectName(rawName: rawName) { return nil }
            let decoded = try QueryCodec.decodeName(raw, end: equals)
            if isSelectName(decoded) { return nil }
            (name, position) = find(decoded)
        }
        guard equals < raw.count else { return IncomingItem(name: name, value: .absent, position: position) }
        // Printable ASCII without `%` decodes to itself: checked here, in the decoding step, and
        // kept as a range of the URL.
        if PercentDecoding.isVerbatim(UnsafeBufferPointer(rebasing: raw[(equals + 1)...])) {
            return IncomingItem(name: name, value: .plain((offset + equals + 1)..<(offset + raw.count)), position: position)
        }
        let options = position.map { parameters.rules[$0].decoding } ?? .strict
        guard let value = try QueryCodec.decodeValue(raw, nameEnd: equals, name: name, options: options) else {
            return IncomingItem(name: name, value: .absent, position: position)
        }
        return IncomingItem(name: name, value: .decoded(value), position: position)
    }

    /// Decodes an item holding `+` under `query-encoding: form`, where `+` is a space in the name
    /// and the value: always through the decoding path, never read in place.
    private func decodeFormItem(_ raw: UnsafeBufferPointer<UInt8>) throws(RoundtripError) -> IncomingItem? {
        let equals = QueryCodec.nameEnd(raw)
        let decoded = try QueryCodec.decodeName(raw, end: equals, options: PercentDecoding.Options(queryEncoding: .form))
        if isSelectName(decoded) { return nil }
        let (name, position) = find(decoded)
        let options = position.map { parameters.rules[$0].decoding } ?? PercentDecoding.Options(queryEncoding: .form)
        guard let value = try QueryCodec.decodeValue(raw, nameEnd: equals, name: name, options: options) else {
            return IncomingItem(name: name, value: .absent, position: position)
        }
        return IncomingItem(name: name, value: .decoded(value), position: position)
    }

    /// The declared parameter a decoded name names, as written, then by a prefix (`fld*`), then
    /// in another letter case under `names: case-insensitive` (reported under its declared name).
    private func find(_ name: String) -> (name: String, position: Int?) {
        if let position = names.position(of: name) ?? parameters.prefixPosition(of: name) { return (name, position) }
        if let position = names.position(folding: name) { return (names.list[position], position) }
        return (name, nil)
    }

    /// Whether a raw name without escapes is one of the action's select names. The selection
    /// decoded the select pairs (and refused a repeated one) before the action was known.
    private func isSelectName(rawName: UnsafeBufferPointer<UInt8>) -> Bool {
        // An empty name is never one (the decoding refuses it as malformed).
        guard !select.rawNames.isEmpty, !select.shadowsParameter, !rawName.isEmpty else { return false }
        // `nil` (decode it first) and `.some(nil)` (none of them) both say "not by its bytes".
        guard case .some(.some) = select.rawNames.index(ofRaw: rawName, queryEncoding: parameters.queryEncoding) else { return false }
        return true
    }

    /// Whether a decoded name is one of the action's select names.
    private func isSelectName(_ name: String) -> Bool {
        !select.names.isEmpty && !select.shadowsParameter && select.names.contains(name)
    }

    /// The first name that appears twice, as ``QueryCodec/firstDuplicateName(in:)`` finds it:
    /// items naming a declared parameter compare by position, others (and those a prefix
    /// parameter stands for) by name. A `repeated` list parameter may appear any number of times.
    private func firstDuplicateName(in items: [IncomingItem]) -> String? {
        if items.count <= 16 {
            // Declared names among the first 64 are told apart by a bit per position; only the
            // rest compare against the earlier items.
            var seen: UInt64 = 0
            for index in items.indices {
                let item = items[index]
                if let position = item.position, parameters.repeatable[position] { continue }
                // The names a prefix stands for share its position: they compare by name.
                if parameters.hasPrefixes, let position = item.position, parameters.isPrefix[position] {
                    if items[..<index].contains(where: { $0.name == item.name }) { return item.name }
                    continue
                }
                if let position = item.position, position < 64 {
                    let bit: UInt64 = 1 << UInt64(position)
                    if seen & bit != 0 { return item.name }
                    seen |= bit
                    continue
                }
                for earlier in items[..<index] {
                    let same = item.position != nil || earlier.position != nil ? item.position == earlier.position : item.name == earlier.name
                    if same { return item.name }
                }
            }
            return nil
        }
        var seen = Set<String>(minimumCapacity: items.count)
        for item in items where !seen.insert(item.name).inserted {
            if let position = item.position, parameters.repeatable[position] { continue }
            return item.name
        }
        return nil
    }
}
