import Crypto
import Foundation
import HTTPTypes
import NIOCore

/// One domain's association file, rendered once: its bytes and a strong ETag derived from them.
package struct HostedAssociationFile: Sendable {
    /// The domain it is served for.
    package let domain: String
    /// The claims it verifies: the domain, and `*.<domain>` when a spec claims the wildcard.
    package let claims: [String]
    /// The JSON bytes.
    package let bytes: [UInt8]
    /// `"<first 16 bytes of SHA-256, hex>"`: strong, so it changes exactly when the bytes do.
    package let entityTag: String
    /// The bytes as a buffer, shared by every response.
    let buffer: ByteBuffer
    /// The headers of a 200: content type, ETag, caching and length, built once.
    let headers: HTTPFields
    /// The headers of a 304: the same without the length.
    let notModifiedHeaders: HTTPFields

    /// Renders a file for a domain.
    ///
    /// - Parameters:
    ///   - domain: The domain it is served for.
    ///   - claims: The claims it verifies; the domain alone when not given.
    ///   - bytes: The JSON bytes.
    package init(domain: String, claims: [String]? = nil, bytes: [UInt8]) {
        self.domain = domain
        self.claims = claims ?? [domain]
        self.bytes = bytes
        let digest = SHA256.hash(data: bytes)
        entityTag = "\"" + digest.prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
        buffer = ByteBuffer(bytes: bytes)
        notModifiedHeaders = [
            .contentType: "application/json",
            .eTag: entityTag,
            .cacheControl: "public, max-age=3600",
        ]
        var headers = notModifiedHeaders
        headers[.contentLength] = String(bytes.count)
        self.headers = headers
    }
}
