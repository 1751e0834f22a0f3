/// A binary floating-point number written as the shortest decimal that reads back as the same
/// number, in plain notation (`0.1`, `1234.5`, `0.0000001`, `5`), the same on every platform.
///
/// Swift's own `description` of a `Double` or `Float` already gives the shortest digits that
/// round-trip, computed by the standard library itself rather than the platform's C library or
/// Foundation's `Decimal` (whose conversion from `Double` differs between Darwin and Linux); this
/// type only moves an exponent (`1e-07`, `1e+20`) into the digits and drops a `.0`, so the
/// decision's decimal type reads the value.
package enum ShortestDecimalText {
    /// The plain form of a finite number's `description`.
    ///
    /// - Parameter description: `Double.description` or `Float.description` of a finite value.
    /// - Complexity: O(*n*) in the length of the result.
    package static func text(_ description: String) -> String {
        var text = Substring(description)
        let isNegative = text.hasPrefix("-")
        if isNegative { text = text.dropFirst() }
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = text[..<e]
        }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var integer = String(parts[0])
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        if exponent > 0 {
            let moved = min(exponent, fraction.count)
            integer += fraction.prefix(moved)
            fraction = String(fraction.dropFirst(moved))
            integer += String(repeating: "0", count: exponent - moved)
        } else if exponent < 0 {
            let moved = min(-exponent, integer.count)
            fraction = String(integer.suffix(moved)) + fraction
            integer = String(integer.dropLast(moved))
            fraction = String(repeating: "0", count: -exponent - moved) + fraction
        }
        integer = String(integer.drop { $0 == "0" })
        if integer.isEmpty { integer = "0" }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let digits = fraction.isEmpty ? integer : integer + "." + fraction
        return isNegative && digits != "0" ? "-" + digits : digits
    }
}
