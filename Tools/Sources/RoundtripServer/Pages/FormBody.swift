/// An `application/x-www-form-urlencoded` body as a browser sends it (`+` is a space; WHATWG URL
/// standard, section 5.1). Lenient on purpose: a stray `%` stays literal and invalid UTF-8 is
/// replaced, because the pages show what was sent rather than refuse it.
struct FormBody: Sendable {
    private let fields: [(name: String, value: String)]

    init(_ bytes: some Collection<UInt8>) {
        fields = bytes.split(separator: UInt8(ascii: "&")).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    /// The first value of a field.
    subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    private static func decode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"),
                let first = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex), first != bytes.endIndex,
                let second = bytes.index(first, offsetBy: 1, limitedBy: bytes.endIndex), second != bytes.endIndex,
                let high = hexValue(bytes[first]), let low = hexValue(bytes[second])
            {
                output.append(high << 4 | low)
                index = second
            } else {
                output.append(byte)
            }
            index = bytes.index(after: index)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
