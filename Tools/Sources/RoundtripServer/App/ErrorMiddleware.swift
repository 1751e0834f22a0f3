import Hummingbird
import Logging

/// Turns every error that is not already an ``APIError`` or a page into a JSON error response:
/// Hummingbird's own `HTTPError`s (unknown route, body too large) keep their status; a store whose
/// database is away (``StoreUnavailableError``) is 503 `store-unavailable`; anything unexpected is
/// logged and answered 500 without internals.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as PageError {
            throw error
        } catch let error as StoreUnavailableError {
            context.logger.warning("store unavailable", metadata: ["reason": "\(error.reason)", "path": "\(request.uri.path)"])
            throw APIError.storeUnavailable
        } catch let error as HTTPError {
            throw APIError(error.status, code: Self.code(for: error.status), message: error.body ?? error.status.reasonPhrase)
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            throw APIError(.internalServerError, code: "internal", message: "the server failed; see its log")
        }
    }

    static func code(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "not-found"
        case .methodNotAllowed: "method-not-allowed"
        case .contentTooLarge: "too-large"
        case .unsupportedMediaType: "unsupported-media-type"
        default: status.code < 500 ? "bad-request" : "internal"
        }
    }
}
