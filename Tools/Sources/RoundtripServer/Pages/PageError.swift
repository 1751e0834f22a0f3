import Hummingbird

/// An error on a page route: answered with an HTML page, not JSON, carrying the same stable
/// kebab-case code a JSON error would (`<code id="code">`).
struct PageError: HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    /// The stable code, for example `cross-site`; `nil` for a plain "not found".
    var code: String?
    let message: String
    /// The seconds a client is asked to wait before trying again (`Retry-After`, RFC 9110, section 10.2.3).
    var retryAfter: Int?

    init(status: HTTPResponse.Status, code: String? = nil, message: String, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let title = status == .notFound ? "Not found" : status.code < 500 ? "Request refused" : "Unavailable"
        let code: HTML = code.map { "<p><code id=\"code\">\($0)</code></p>" } ?? ""
        var response = Page(title: title, body: "<section>\(code)<p class=\"error\">\(message)</p></section>").response(status: status)
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}
