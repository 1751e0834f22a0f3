import Crypto
import Foundation
import NIOCore

/// One domain's association file, rendered once: its bytes and a strong ETag derived from them.
public struct HostedAssociationFile: Sendable {
    /// The domain it is served for.
    public let domain: String
    /// The JSON bytes.
    public let bytes: [UInt8]
    /// `"<first 16 bytes of SHA-256, hex>"`: strong, so it changes exactly when the bytes do.
    public let entityTag: String
    /// The bytes as a buffer, shared by every response.
    let buffer: ByteBuffer

    /// Renders a file for a domain.
    public init(domain: String, bytes: [UInt8]) {
        self.domain = domain
        self.bytes = bytes
        let digest = SHA256.hash(data: bytes)
        entityTag = "\"" + digest.prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
        buffer = ByteBuffer(bytes: bytes)
    }
}
