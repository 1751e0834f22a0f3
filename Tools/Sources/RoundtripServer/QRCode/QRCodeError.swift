/// Why a QR code could not be made.
package struct QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The number of bytes asked for.
    package let byteCount: Int
    /// The most bytes the encoder holds (version 10, level M: 213).
    package let capacity: Int

    /// A readable explanation.
    package var description: String {
        "\(byteCount) bytes do not fit in a QR code of version 1–10 at level M (at most \(capacity))"
    }
}
