import Hummingbird

/// An error on a page route: answered with an HTML page, not JSON, carrying the same stable
/// kebab-case code a JSON error would (`<code id="code">`).
struct PageError: HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    /// The stable code, for example `cross-site`; `nil` for a plain "not found".
    var code: String?
    let message: String

    init(status: HTTPResponse.Status, code: String? = nil, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let title = status == .notFound ? "Not found" : status.code < 500 ? "Request refused" : "Unavailable"
        let code: HTML = code.map { "<p><code id=\"code\">\($0)</code></p>" } ?? ""
        return Page(title: title, body: "<section>\(code)<p class=\"error\">\(message)</p></section>").response(status: status)
    }
}
