/// The strict query codec: splits, decodes and encodes `application/x-www-form-urlencoded`-style
/// queries the way RFC 3986 reads them.
///
/// Decoding percent-decodes every name and value exactly once, with `+` kept as a literal plus
/// (as Foundation's `URLComponents` does), rejects invalid escapes, invalid UTF-8 and control
/// characters, and reports duplicate names. Encoding writes everything but RFC 3986's unreserved
/// characters as `%XX`, so space is `%20` and `+` is `%2B`, and every decoder reads the same text.
public enum QueryCodec {
    /// Decodes a raw query (the text after `?`, without `#fragment`).
    ///
    /// - Parameters:
    ///   - query: The raw query. An empty query has no items.
    ///   - allowDuplicates: Pass `true` to keep repeated names instead of rejecting them.
    /// - Returns: The items in order.
    /// - Throws: ``RoundtripError`` `malformed-url` for an empty item (`a=1&&b=2`) or an empty name,
    ///   `invalid-encoding` for bad escapes, UTF-8 or control characters, `duplicate-parameter`.
    /// - Complexity: O(*n*) in the query length plus O(*k*²) name comparisons for *k* ≤ 16 items,
    ///   O(*k*) hashing above that.
    public static func decode(_ query: some StringProtocol, allowDuplicates: Bool = false) throws(RoundtripError) -> [QueryItem] {
        let query = Substring(query)
        if query.isEmpty { return [] }
        var items: [QueryItem] = []
        var start = query.utf8.startIndex
        let end = query.utf8.endIndex
        while true {
            let separator = query.utf8[start..<end].firstIndex(of: 0x26) ?? end
            let raw = query[start..<separator]
            if raw.isEmpty {
                throw RoundtripError(.malformedURL, "the query has an empty parameter (a stray '&') at offset \(query.utf8.distance(from: query.utf8.startIndex, to: start))")
            }
            items.append(try decodeItem(raw))
            if separator == end { break }
            start = query.utf8.index(after: separator)
            if start == end {
                throw RoundtripError(.malformedURL, "the query ends with a stray '&'")
            }
        }
        if !allowDuplicates, let duplicate = firstDuplicateName(in: items) {
            throw RoundtripError(.duplicateParameter, "the parameter '\(duplicate)' appears more than once", parameter: duplicate)
        }
        return items
    }

    /// Decodes one raw `name[=value]` item.
    static func decodeItem(_ raw: Substring) throws(RoundtripError) -> QueryItem {
        let equals = raw.utf8.firstIndex(of: 0x3D)
        let rawName = equals.map { raw[raw.startIndex..<$0] } ?? raw
        let name: String
        do {
            name = try PercentDecoding.decode(rawName)
        } catch {
            throw RoundtripError(.invalidEncoding, error.message(for: "the parameter name '\(rawName)'"), parameter: String(rawName))
        }
        if name.isEmpty {
            throw RoundtripError(.malformedURL, "the query has a parameter with an empty name ('\(raw)')")
        }
        guard let equals else { return QueryItem(name: name, value: nil) }
        do {
            return QueryItem(name: name, value: try PercentDecoding.decode(raw[raw.utf8.index(after: equals)...]))
        } catch {
            throw RoundtripError(.invalidEncoding, error.message(for: "the parameter '\(name)'"), parameter: name)
        }
    }

    /// The first name that appears twice, if any.
    static func firstDuplicateName(in items: [QueryItem]) -> String? {
        if items.count <= 16 {
            for index in items.indices.dropFirst() {
                let name = items[index].name
                for earlier in items[..<index] where earlier.name == name { return name }
            }
            return nil
        }
        var seen = Set<String>(minimumCapacity: items.count)
        for item in items where !seen.insert(item.name).inserted { return item.name }
        return nil
    }

    /// Encodes items as a query (without the leading `?`).
    ///
    /// - Complexity: O(*n*) in the total length of names and values.
    public static func encode(_ items: some Sequence<QueryItem>) -> String {
        var output = ""
        for item in items {
            if !output.isEmpty { output.append("&") }
            appendEncoded(item.name, to: &output)
            if let value = item.value {
                output.append("=")
                appendEncoded(value, to: &output)
            }
        }
        return output
    }

    /// Percent-encodes one component: everything but RFC 3986 unreserved characters.
    public static func encodeComponent(_ component: some StringProtocol) -> String {
        var output = ""
        appendEncoded(component, to: &output)
        return output
    }

    static func appendEncoded(_ component: some StringProtocol, to output: inout String) {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count)
        for byte in component.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(0x25)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        output.append(String(decoding: bytes, as: UTF8.self))
    }

    /// RFC 3986 section 2.3: ALPHA / DIGIT / "-" / "." / "_" / "~".
    static func isUnreserved(_ byte: UInt8) -> Bool {
        URLSplit.isAlpha(byte) || URLSplit.isDigit(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }
}
