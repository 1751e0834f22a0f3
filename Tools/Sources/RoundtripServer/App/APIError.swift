import Foundation
import Hummingbird

/// An error the server answers with: a status and the JSON body
/// `{"error": {"code": "...", "message": "..."}}`. It renders its own response, so a handler
/// throws it and nothing unexpected becomes a 200.
package struct APIError: HTTPResponseError, Sendable, Hashable {
    /// The HTTP status (4xx for bad input).
    package let status: HTTPResponse.Status
    /// A stable, kebab-case code, for example `invalid-target`.
    package let code: String
    /// What was wrong and how to fix it.
    package let message: String

    /// An error.
    package init(_ status: HTTPResponse.Status, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// The JSON response.
    package func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONResponse.make(Body(error: Detail(code: code, message: message)), status: status)
    }

    private struct Body: Encodable {
        let error: Detail
    }

    private struct Detail: Encodable {
        let code: String
        let message: String
    }
}

extension APIError {
    /// 404 `not-found` for an unknown test or page.
    static func notFound(_ what: String) -> APIError {
        APIError(.notFound, code: "not-found", message: what)
    }

    /// 400 `invalid-json`.
    static func invalidJSON(_ message: String) -> APIError {
        APIError(.badRequest, code: "invalid-json", message: message)
    }

    /// 400 `invalid-target`.
    static func invalidTarget(_ message: String) -> APIError {
        APIError(.badRequest, code: "invalid-target", message: message)
    }

    /// 503 `store-unavailable`: the tester's database does not answer.
    static let storeUnavailable = APIError(
        .serviceUnavailable,
        code: "store-unavailable",
        message: "the tester's database is not answering; AASA hosting goes on, and the tester recovers when the database returns"
    )

    /// 413 `too-large`.
    static func tooLarge(_ message: String) -> APIError {
        APIError(.contentTooLarge, code: "too-large", message: message)
    }
}
