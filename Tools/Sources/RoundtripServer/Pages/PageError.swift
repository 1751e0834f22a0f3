import Hummingbird

/// An error on a page route: answered with an HTML page, not JSON.
struct PageError: HTTPResponseError, Sendable {
    let status: HTTPResponse.Status
    let message: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Page(title: status == .notFound ? "Not found" : "Bad request", body: "<section><p class=\"error\">\(message)</p></section>")
            .response(status: status)
    }
}
