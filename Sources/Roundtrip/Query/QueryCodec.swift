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
    /// - Throws: ``RoundtripError`` `malformed-url` for an empty name with a value (`=1`); an
    ///   empty item (a stray `&`, as in `a=1&&b=2`) is skipped, as `URLComponents` skips it;
    ///   `invalid-encoding` for bad escapes, UTF-8 or control characters, `duplicate-parameter`.
    /// - Complexity: O(*n*) in the query length plus O(*k*²) name comparisons for *k* ≤ 16 items,
    ///   O(*k*) hashing above that.
    public static func decode(_ query: some StringProtocol, allowDuplicates: Bool = false) throws(RoundtripError) -> [QueryItem] {
        try decode(query, allowDuplicates: allowDuplicates, options: .strict)
    }

    /// ``decode(_:allowDuplicates:)`` with decoding options for every value.
    static func decode(
        _ query: some StringProtocol,
        allowDuplicates: Bool = false,
        options: PercentDecoding.Options
    ) throws(RoundtripError) -> [QueryItem] {
        var query = Substring(query)
        if query.isEmpty { return [] }
        let items = try query.withUTF8 { bytes in Result { () throws(RoundtripError) in try decode(bytes, options: options) } }.get()
        if !allowDuplicates, let duplicate = firstDuplicateName(in: items) {
            throw RoundtripError(.duplicateParameter, "the parameter '\(duplicate)' appears more than once", parameter: duplicate)
        }
        return items
    }

    /// Splits and decodes raw query bytes.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, options: PercentDecoding.Options = .strict) throws(RoundtripError) -> [QueryItem] {
        var items: [QueryItem] = []
        items.reserveCapacity(16)
        try forEachItem(in: bytes) { raw throws(RoundtripError) in items.append(try decodeItem(raw, options: options)) }
        return items
    }

    /// Splits raw query bytes at `&` and hands each raw `name[=value]` item to `body`, in order.
    ///
    /// An empty item (a stray `&`: `?&a=1`, `a=1&&b=2`, a trailing `&`) is skipped, as
    /// Foundation's `URLComponents` and every form reader skip it: it carries no name and no
    /// value, and real apps document URLs such as `…adv?&filepath=Inbox`.
    ///
    /// - Throws: What `body` throws.
    static func forEachItem(
        in bytes: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(RoundtripError) -> Void
    ) throws(RoundtripError) {
        var start = 0
        let end = bytes.count
        while start < end {
            // A vector search: on the incoming hot path this scan was half the time of the
            // query step when it compared byte by byte.
            let separator = URLSplit.firstIndex(of: 0x26, in: bytes, from: start)
            if separator > start { try body(UnsafeBufferPointer(rebasing: bytes[start..<separator])) }
            start = separator + 1
        }
    }

    /// The decoded names of a query's items, without decoding their values (stray `&`s skipped).
    static func decodedNames(_ bytes: UnsafeBufferPointer<UInt8>) throws(PercentDecoding.Failure) -> [String] {
        var names: [String] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x26 { end += 1 }
            var equals = start
            while equals < end, bytes[equals] != 0x3D { equals += 1 }
            if end > start { names.append(try PercentDecoding.decode(UnsafeBufferPointer(rebasing: bytes[start..<equals]))) }
            start = end + 1
        }
        return names
    }

    /// Decodes one raw `name[=value]` item.
    static func decodeItem(_ raw: UnsafeBufferPointer<UInt8>, options: PercentDecoding.Options = .strict) throws(RoundtripError) -> QueryItem {
        let equals = nameEnd(raw)
        let name = try decodeName(raw, end: equals)
        return QueryItem(name: name, value: try decodeValue(raw, nameEnd: equals, name: name, options: options))
    }

    /// The offset of the `=` in a raw item, or its length when it has none.
    static func nameEnd(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
        var equals = 0
        while equals < raw.count, raw[equals] != 0x3D { equals += 1 }
        return equals
    }

    /// Decodes the name of a raw item (the bytes before `end`).
    ///
    /// - Throws: ``RoundtripError`` `invalid-encoding`, or `malformed-url` for an empty name.
    static func decodeName(
        _ raw: UnsafeBufferPointer<UInt8>,
        end equals: Int,
        options: PercentDecoding.Options = .strict
    ) throws(RoundtripError) -> String {
        let rawName = UnsafeBufferPointer(rebasing: raw[0..<equals])
        let name: String
        do {
            name = try PercentDecoding.decode(rawName, options: options)
        } catch {
            let text = String(decoding: rawName, as: UTF8.self)
            throw RoundtripError(.invalidEncoding, error.message(for: "the parameter name '\(text)'"), parameter: text)
        }
        if name.isEmpty {
            throw RoundtripError(.malformedURL, "the query has a parameter with an empty name ('\(String(decoding: raw, as: UTF8.self))')")
        }
        return name
    }

    /// Decodes the value of a raw item whose name ends at `equals`; `nil` without `=`.
    ///
    /// - Throws: ``RoundtripError`` `invalid-encoding` naming the parameter.
    static func decodeValue(
        _ raw: UnsafeBufferPointer<UInt8>,
        nameEnd equals: Int,
        name: String,
        options: PercentDecoding.Options = .strict
    ) throws(RoundtripError) -> String? {
        guard equals < raw.count else { return nil }
        do {
            return try PercentDecoding.decode(UnsafeBufferPointer(rebasing: raw[(equals + 1)...]), options: options)
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
