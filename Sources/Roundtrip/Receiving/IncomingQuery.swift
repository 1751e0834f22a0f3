import Foundation

/// One decoded query item of an incoming request, with the declared parameter it names.
struct IncomingItem {
    /// The decoded name; the declared parameter's own `String` when the name was matched on its
    /// raw bytes.
    var name: String
    /// The decoded value; `nil` without `=`.
    var value: String?
    /// The declared parameter's position, or `nil` when the action declares no such name.
    var position: Int?
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
    /// - Parameter query: The raw query bytes of a URL that passed ``URLSplit`` (printable ASCII).
    func decodeQuery(_ query: UnsafeBufferPointer<UInt8>) throws(RoundtripError) -> [IncomingItem] {
        if query.isEmpty { return [] }
        var items: [IncomingItem] = []
        items.reserveCapacity(16)
        try QueryCodec.forEachItem(in: query) { raw throws(RoundtripError) in items.append(try decodeItem(raw)) }
        if let duplicate = Self.firstDuplicateName(in: items) {
            throw RoundtripError(.duplicateParameter, "the parameter '\(duplicate)' appears more than once", parameter: duplicate)
        }
        return items
    }

    /// Decodes one raw `name[=value]` item (see ``QueryCodec/decodeItem(_:)``).
    private func decodeItem(_ raw: UnsafeBufferPointer<UInt8>) throws(RoundtripError) -> IncomingItem {
        let equals = QueryCodec.nameEnd(raw)
        let name: String
        let position: Int?
        if let declared = declaredPosition(rawName: UnsafeBufferPointer(rebasing: raw[0..<equals])) {
            name = parameterNames[declared]
            position = declared
        } else {
            name = try QueryCodec.decodeName(raw, end: equals)
            position = self.position(of: name)
        }
        return IncomingItem(name: name, value: try QueryCodec.decodeValue(raw, nameEnd: equals, name: name), position: position)
    }

    /// The declared parameter whose name has exactly these bytes, when the raw name has no `%`
    /// and is printable ASCII (so it decodes to itself, and byte equality is `String` equality
    /// against the ASCII declared names). `nil` means "decode it and look it up", not "unknown".
    private func declaredPosition(rawName: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !nameRanges.isEmpty, !rawName.isEmpty else { return nil }
        for byte in rawName where byte < 0x20 || byte >= 0x7F || byte == 0x25 { return nil }
        return nameBytes.withUnsafeBufferPointer { names in
            for position in nameRanges.indices {
                let range = nameRanges[position]
                guard range.count == rawName.count, names[range.lowerBound] == rawName[0] else { continue }
                if memcmp(names.baseAddress! + range.lowerBound, rawName.baseAddress!, range.count) == 0 { return position }
            }
            return nil
        }
    }

    /// The first name that appears twice, as ``QueryCodec/firstDuplicateName(in:)`` finds it:
    /// items naming a declared parameter compare by position, others by name.
    private static func firstDuplicateName(in items: [IncomingItem]) -> String? {
        if items.count <= 16 {
            // Declared names among the first 64 are told apart by a bit per position; only the
            // rest compare against the earlier items.
            var seen: UInt64 = 0
            for index in items.indices {
                let item = items[index]
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
        for item in items where !seen.insert(item.name).inserted { return item.name }
        return nil
    }
}
