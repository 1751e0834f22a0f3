import Foundation
import Hummingbird

/// Reads a page's `application/x-www-form-urlencoded` body (WHATWG URL standard, section 5.1)
/// with Hummingbird's `URLEncodedFormDecoder`, bounded in size, into the page's form type.
enum FormBody {
    /// Decodes a form body.
    ///
    /// - Parameters:
    ///   - type: The form's fields (optional properties for fields a browser may leave out).
    ///   - request: The request.
    ///   - limit: The largest body read, in bytes.
    /// - Throws: ``PageError`` 413 `too-large` past `limit`, 400 `invalid-form` for a body that is not
    ///   a form (a `%` not followed by two hex digits, invalid UTF-8, a field given twice).
    /// - Complexity: O(*n*) in the body's length.
    static func decode<Form: Decodable>(_ type: Form.Type, from request: Request, limit: Int) async throws -> Form {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch {
            throw PageError(status: .contentTooLarge, code: "too-large", message: "The form is larger than \(limit / 1024) KiB.")
        }
        guard let text = String(bytes: body.readableBytesView, encoding: .utf8) else {
            throw PageError(status: .badRequest, code: "invalid-form", message: "The form is not UTF-8 text.")
        }
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: text)
        } catch {
            throw PageError(status: .badRequest, code: "invalid-form", message: "The form is not a valid URL-encoded form: \(error).")
        }
    }
}
