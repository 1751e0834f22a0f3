import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers `GET`/`HEAD` of the AASA paths for hosted domains right on the event loop, the way a
/// static file server does, instead of through Hummingbird's per-request task, router and
/// middleware: the file and its headers are rendered once at start, so there is nothing left to
/// do but write them.
///
/// Everything else goes on to the router unchanged: other paths, other methods, domains no spec
/// claims (the router answers those 404 with its JSON error). Responses stay in request order
/// under HTTP pipelining: while a request passed to the router is still unanswered, AASA
/// requests go to the router too. A request that says `Connection: close` is answered and the
/// connection closed, as the router path does.
///
/// Sits after Hummingbird's HTTP/1 codec (`HTTP1Channel.Configuration.additionalChannelHandlers`)
/// and, when added, puts an ``AssociationSocketHandler`` in front of the decoder: that one takes
/// the simplest requests from the raw bytes; this one takes the AASA requests that reach the
/// router's side of the connection.
final class AssociationChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let catalog: AssociationCatalog
    private let serverName: String?
    private let installsSocketHandler: Bool
    private var date = HTTPDate()
    /// The answer to write when the current request ends; `nil` while passing a request on.
    private var pending: (answer: AssociationAnswer, close: Bool)?
    /// Requests passed to the router whose response has not ended yet.
    private var routerRequestsInFlight = 0

    /// A handler for one connection.
    ///
    /// - Parameters:
    ///   - catalog: The hosted files.
    ///   - serverName: The `Server` header the application sends, if any.
    ///   - installsSocketHandler: Whether to put an ``AssociationSocketHandler`` in front of the
    ///     HTTP decoder when added (a test of this handler alone says `false`).
    init(catalog: AssociationCatalog, serverName: String?, installsSocketHandler: Bool = true) {
        self.catalog = catalog
        self.serverName = serverName
        self.installsSocketHandler = installsSocketHandler
    }

    /// Puts an ``AssociationSocketHandler`` in front of the HTTP decoder, for the requests that
    /// need no parsing at all.
    func handlerAdded(context: ChannelHandlerContext) {
        guard installsSocketHandler else { return }
        try? context.pipeline.syncOperations.addHandler(
            AssociationSocketHandler(catalog: catalog, serverName: serverName),
            position: .first
        )
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if routerRequestsInFlight == 0, let answer = answer(to: request) {
                pending = (answer, Self.asksToClose(request))
                return
            }
            routerRequestsInFlight += 1
            context.fireChannelRead(data)
        case .body:
            if pending == nil { context.fireChannelRead(data) }
        case .end:
            guard let (answer, close) = pending else {
                context.fireChannelRead(data)
                return
            }
            pending = nil
            write(answer, close: close, context: context)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), routerRequestsInFlight > 0 {
            routerRequestsInFlight -= 1
        }
        context.write(data, promise: promise)
    }

    /// The answer for an AASA request to a hosted domain; `nil` for anything the router handles.
    private func answer(to request: HTTPRequest) -> AssociationAnswer? {
        guard request.method == .get || request.method == .head,
            let path = request.path, let kind = Self.hostedFileKind(path)
        else { return nil }
        return AssociationAnswer.make(
            catalog: catalog,
            kind: kind,
            host: AssociationRoutes.host(of: request),
            ifNoneMatch: request.headerFields[values: .ifNoneMatch],
            includeBody: request.method == .get
        )
    }

    private func write(_ answer: AssociationAnswer, close: Bool, context: ChannelHandlerContext) {
        var headers = answer.headers
        headers[.date] = date.now()
        if let serverName { headers[.server] = serverName }
        if close { headers[.connection] = "close" }
        context.write(wrapOutboundOut(.head(HTTPResponse(status: answer.status, headerFields: headers))), promise: nil)
        if let body = answer.body {
            context.write(wrapOutboundOut(.body(body)), promise: nil)
        }
        if close {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    /// One of the two AASA paths, with or without a query (the router ignores it too).
    /// The kind of hosted file a request target names, ignoring its query; `nil` for any other.
    static func hostedFileKind(_ target: String) -> HostedFileKind? {
        AssociationRoutes.kind(ofPath: target.firstIndex(of: "?").map { target[..<$0] } ?? Substring(target))
    }

    /// `Connection: close` among the request's connection options.
    static func asksToClose(_ request: HTTPRequest) -> Bool {
        request.headerFields[values: .connection].contains { value in
            value.split(separator: ",").contains { option in
                option.filter { $0 != " " && $0 != "\t" }.lowercased() == "close"
            }
        }
    }
}
