import Roundtrip

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
        switch CertificateFingerprintText.bytes(text) {
        case .success(let bytes): self.bytes = bytes
        case .failure(let problem): throw AndroidError(.invalidFingerprint, problem.message)
        }
    }

    /// Whether `text` is already in the canonical form: 32 uppercase hexadecimal bytes joined by
    /// colons, as ``description`` writes it.
    ///
    /// - Complexity: O(1): at most 95 bytes are looked at, with no allocation.
    public static func isCanonical(_ text: String) -> Bool {
        CertificateFingerprintText.isCanonical(text)
    }

    /// `14:6D:E9:…:E5`: uppercase, colon-joined.
    public var description: String { CertificateFingerprintText.canonical(bytes) }
}
