/// The SHA-256 fingerprint of an app's signing certificate, as Digital Asset Links writes it:
/// 32 bytes in uppercase hexadecimal joined by colons (`14:6D:E9:…:E5`).
///
/// Read from people (a spec, a command line) in any case, with or without colons; written in
/// the one form Google's verifier accepts (its compatibility tests reject lowercase digits).
public struct CertificateFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// The 32 bytes.
    public let bytes: [UInt8]

    /// Reads a fingerprint in any case, with colons between every byte or none.
    ///
    /// - Throws: `invalid-fingerprint` when the text is not 32 bytes of hexadecimal.
    public init(_ text: String) throws(AndroidError) {
        let compact = text.contains(":") ? text.split(separator: ":", omittingEmptySubsequences: false) : CertificateFingerprint.pairs(text)
        var bytes: [UInt8] = []
        for part in compact {
            guard part.utf8.count == 2, part.allSatisfy(\.isHexDigit), let byte = UInt8(part, radix: 16) else {
                throw AndroidError(
                    .invalidFingerprint,
                    "'\(text)' is not a SHA-256 certificate fingerprint; write 32 bytes in hexadecimal, such as 14:6D:E9:…:E5 (keytool -list -v prints it)"
                )
            }
            bytes.append(byte)
        }
        guard bytes.count == 32 else {
            throw AndroidError(
                .invalidFingerprint,
                "'\(text)' has \(bytes.count) bytes; a SHA-256 certificate fingerprint has 32 (a SHA-1 fingerprint has 20: use the SHA-256 one)"
            )
        }
        self.bytes = bytes
    }

    /// Whether `text` is already in the canonical form: 32 uppercase hexadecimal bytes joined by
    /// colons.
    public static func isCanonical(_ text: String) -> Bool {
        guard let fingerprint = try? CertificateFingerprint(text) else { return false }
        return fingerprint.description == text
    }

    /// `14:6D:E9:…:E5`: uppercase, colon-joined.
    public var description: String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: ":")
    }

    private static func pairs(_ text: String) -> [Substring] {
        guard text.utf8.count % 2 == 0, text.utf8.allSatisfy({ $0 < 0x80 }) else { return [Substring(text)] }
        var result: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            result.append(text[index..<next])
            index = next
        }
        return result
    }
}
