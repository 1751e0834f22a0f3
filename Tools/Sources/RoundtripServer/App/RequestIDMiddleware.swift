import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an ID: the `X-Request-ID` a load balancer or proxy sent (when it is 1–128
/// visible ASCII characters), else a new random one. Every log line written while handling the
/// request carries it as `request-id`, and the response (errors included) echoes it, so a ticket
/// that quotes a response's ID leads to the log lines of every instance behind the balancer.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    /// `X-Request-ID`.
    static var field: HTTPField.Name { HTTPField.Name("X-Request-ID")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let id = Self.accepted(request.headers[Self.field]) ?? Self.make()
        var context = context
        context.logger[metadataKey: "request-id"] = .string(id)
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[Self.field] = id
        return response
    }

    /// An incoming ID, when it is safe to log and echo.
    static func accepted(_ value: String?) -> String? {
        guard let value, (1...128).contains(value.utf8.count),
            value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        return value
    }

    /// 16 random hex digits.
    static func make() -> String {
        String(format: "%016llx", UInt64.random(in: .min ... .max))
    }
}
