import Crypto
import Foundation

/// The ledger's file format: one header line with an HMAC-SHA256 over the rest, then JSON.
///
/// ```
/// roundtrip-ledger/1 <base64url HMAC-SHA256 of the JSON bytes>\n
/// {"entries":[…],"generation":7}
/// ```
///
/// The HMAC makes any change detectable: an edited entry, a torn or truncated file, a file
/// written with another key. A file that does not verify is reported, never used.
///
/// `generation` grows by one with every write, under the HMAC, so a file cannot claim to be newer
/// than it is; compared with the generation a ``LedgerGenerationStore`` recorded, it reveals an
/// earlier copy put back. A file written before generations existed has none and counts as 0.
enum LedgerFile {
    static let magic = "roundtrip-ledger/1 "

    /// The JSON payload of a ledger.
    struct Payload: Codable {
        var entries: [PendingRequest]
        var generation: UInt64?
    }

    /// A verified ledger file: the ledger and the generation it was written as.
    struct Contents {
        var ledger: Ledger
        var generation: UInt64
    }

    /// Seals a ledger: header with HMAC, then the JSON payload.
    ///
    /// - Parameters:
    ///   - ledger: The ledger.
    ///   - generation: The generation this write makes.
    ///   - key: The HMAC key.
    static func seal(_ ledger: Ledger, generation: UInt64, key: SymmetricKey) throws(StorageError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        let payload: Data
        do {
            payload = try encoder.encode(Payload(entries: ledger.sortedEntries, generation: generation))
        } catch {
            throw StorageError(.encodingFailed, path: "", operation: "encode", reason: "\(error)")
        }
        let mac = HMAC<SHA256>.authenticationCode(for: payload, using: key)
        return Data((magic + Base64URL.encode(mac) + "\n").utf8) + payload
    }

    /// Verifies and opens a sealed ledger.
    ///
    /// - Throws: ``StorageError`` `damaged` (operation `verify`) when the header is missing, the HMAC does
    ///   not verify or the JSON does not decode.
    static func open(_ data: Data, path: String, key: SymmetricKey, retention: TimeInterval) throws(StorageError) -> Contents {
        func damaged(_ why: String) -> StorageError {
            StorageError(.damaged, path: path, operation: "verify", reason: why)
        }
        let bytes = [UInt8](data)
        let magicBytes = Array(magic.utf8)
        guard bytes.count > magicBytes.count, bytes.starts(with: magicBytes) else {
            throw damaged(
                bytes.isEmpty
                    ? "the ledger file is empty (torn or not a ledger)" : "the ledger file has no 'roundtrip-ledger/1' header (torn, or not a ledger)"
            )
        }
        guard let newline = bytes[magicBytes.count...].firstIndex(of: 0x0A),
            let mac = Base64URL.decode(String(decoding: bytes[magicBytes.count..<newline], as: UTF8.self)),
            mac.count == SHA256.byteCount
        else {
            throw damaged("the ledger file's header is damaged (torn or edited)")
        }
        let payload = Data(bytes[(newline + 1)...])
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payload, using: key) else {
            throw damaged("the ledger file's HMAC does not verify: it was altered or truncated, or sealed with another key; refusing to use it")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            let decoded = try decoder.decode(Payload.self, from: payload)
            return Contents(ledger: Ledger(entries: decoded.entries, retention: retention), generation: decoded.generation ?? 0)
        } catch {
            throw damaged("the ledger file verifies but does not decode: \(error)")
        }
    }
}
