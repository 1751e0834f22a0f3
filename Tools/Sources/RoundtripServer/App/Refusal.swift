import HTTPTypes
import Hummingbird

/// A request refused before its route runs: JSON (``APIError``) under `/api/`, an HTML page
/// (``PageError``) elsewhere, with the same stable code.
enum Refusal {
    /// The refusal's response, logged at `notice`.
    ///
    /// - Parameter retryAfter: For a 429, the whole seconds until the client may try again, sent
    ///   as `Retry-After` (RFC 6585, section 4; RFC 9110, section 10.2.3).
    static func response(
        _ status: HTTPResponse.Status,
        code: String,
        message: String,
        isAPI: Bool,
        retryAfter: Int? = nil,
        request: Request,
        context: some RequestContext
    ) throws -> Response {
        context.logger.notice("request refused", metadata: ["code": "\(code)", "path": "\(request.uri.path)"])
        var response =
            isAPI
            ? try APIError(status, code: code, message: message).response(from: request, context: context)
            : try PageError(status: status, code: code, message: message.prefix(1).uppercased() + message.dropFirst() + ".")
                .response(from: request, context: context)
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}
