import Crypto
import Foundation
import RoundtripAssociatedDomains

/// What one fetch of a file got: the status and headers that matter, the body (at most one byte
/// past the file's size limit: Apple's 128 KB, or 1 MiB for Android's `assetlinks.json`), or why
/// there was no answer.
///
/// In JSON: `{"url", "userAgent", "status", "contentType", "location", "bytes", "truncated",
/// "sha256", "error": {"code", "message"}}`, nulls written out.
package struct FetchOutcome: Sendable, Hashable, Encodable {
    /// Why a fetch got no answer.
    package struct Failure: Error, Sendable, Hashable, Encodable {
        /// `unreachable` (DNS, connection, TLS protocol), `certificate` (the chain or the name
        /// is not valid), `timeout`, or `private-address` (a public server refused the address).
        package let code: String
        /// What happened, for a person.
        package let message: String

        /// A failure.
        package init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// The URL requested, as Apple requests it (never rewritten by `--resolve`).
    package let url: String
    /// The `User-Agent` sent.
    package let userAgent: String
    /// The status code; `nil` without an answer.
    package var status: Int?
    /// The `Content-Type` header, as sent.
    package var contentType: String?
    /// The `Location` header of a redirect, as sent.
    package var location: String?
    /// The most bytes the file may have; reading stops one byte past it.
    package let limit: Int
    /// The body read: all of it, or ``limit`` + 1 bytes when larger.
    package var body: [UInt8] = []
    /// Why there was no answer; `nil` when there was one.
    package var failure: Failure?

    /// A fetch of `url` with `userAgent` that has not got anything yet, for a file of at most
    /// `limit` bytes (Apple's 128 KB unless told).
    package init(url: String, userAgent: String, limit: Int = AssociationLinter.maximumSize) {
        self.url = url
        self.userAgent = userAgent
        self.limit = limit
    }

    /// Whether the body went past the limit, so that reading stopped.
    package var isTruncated: Bool { body.count > limit }

    /// Whether the answer is a 200 whose whole body was read.
    package var isCompleteFile: Bool { status == 200 && !isTruncated && failure == nil }

    /// The media type of ``contentType``, lowercased, without parameters (RFC 9110, section 8.3.1).
    package var mediaType: String? {
        contentType.map { String($0.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// The SHA-256 of the whole body in hex; `nil` without an answer or when it was cut short.
    package var sha256: String? {
        guard status != nil, !isTruncated else { return nil }
        return SHA256.hash(data: body).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// One line: `200 application/json, 412 bytes`, or the failure.
    package var summary: String {
        if let failure { return "\(failure.code): \(failure.message)" }
        var text = status.map(String.init) ?? "no answer"
        text += " " + (contentType ?? "no Content-Type")
        text += isTruncated ? ", over \(limit) bytes" : ", \(body.count) bytes"
        if let location { text += ", Location: \(location)" }
        return text
    }

    private enum CodingKeys: String, CodingKey {
        case url, userAgent, status, contentType, location, bytes, truncated, sha256, error
    }

    /// The JSON object, nulls written out; `bytes` counts what was read.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(userAgent, forKey: .userAgent)
        try container.encode(status, forKey: .status)
        try container.encode(contentType, forKey: .contentType)
        try container.encode(location, forKey: .location)
        try container.encode(status == nil ? nil : body.count, forKey: .bytes)
        try container.encode(isTruncated, forKey: .truncated)
        try container.encode(sha256, forKey: .sha256)
        try container.encode(failure, forKey: .error)
    }
}
