import HTTPTypes
import NIOCore

/// The first handler of a connection: answers simple AASA requests for hosted domains from the
/// raw bytes, before any HTTP parsing, with the response rendered once at start — what a static
/// file server does, and why hosting keeps up with one.
///
/// It only ever answers at the start of a connection's byte stream or right after a request it
/// answered itself, so it never overtakes a response the router still owes. The first bytes it
/// does not take (``AssociationRequestScanner`` says `.other`, or no spec claims the `Host`) go
/// on to the HTTP decoder from that request boundary, and from then on the handler steps out of
/// the pipeline: the connection is the router's (where ``AssociationChannelHandler`` still
/// answers AASA requests without the router).
final class AssociationSocketHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let catalog: AssociationCatalog
    private let serverName: String?
    private var date = HTTPDate()
    private var passing = false
    private var unflushed = false

    /// A handler for one connection.
    init(catalog: AssociationCatalog, serverName: String?) {
        self.catalog = catalog
        self.serverName = serverName
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !passing else { return context.fireChannelRead(data) }
        var buffer = unwrapInboundIn(data)
        while buffer.readableBytes > 0 {
            let scan = buffer.withUnsafeReadableBytes { AssociationRequestScanner.scan($0) }
            guard case .request(let request, let length) = scan,
                let answer = AssociationAnswer.make(
                    catalog: catalog,
                    kind: request.kind,
                    host: request.host,
                    ifNoneMatch: request.ifNoneMatch,
                    includeBody: request.includeBody
                )
            else {
                passing = true
                flushIfNeeded(context: context)
                context.fireChannelRead(wrapInboundOut(buffer))
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                return
            }
            buffer.moveReaderIndex(forwardBy: length)
            let response = render(answer, close: request.close, allocator: context.channel.allocator)
            if request.close {
                unflushed = false
                context.writeAndFlush(wrapOutboundOut(response)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
                return
            }
            context.write(wrapOutboundOut(response), promise: nil)
            unflushed = true
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushIfNeeded(context: context)
        context.fireChannelReadComplete()
    }

    private func flushIfNeeded(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
    }

    /// The whole HTTP/1.1 response: status line, the answer's fields, `Date`, `Server`, the body.
    func render(_ answer: AssociationAnswer, close: Bool, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 256 + (answer.body?.readableBytes ?? 0))
        buffer.writeString(answer.status == .ok ? "HTTP/1.1 200 OK\r\n" : "HTTP/1.1 \(answer.status.code) \(answer.status.reasonPhrase)\r\n")
        for field in answer.headers {
            buffer.writeString(field.name.rawName)
            buffer.writeString(": ")
            buffer.writeString(field.value)
            buffer.writeString("\r\n")
        }
        buffer.writeString("Date: ")
        buffer.writeString(date.now())
        if let serverName {
            buffer.writeString("\r\nServer: ")
            buffer.writeString(serverName)
        }
        buffer.writeString(close ? "\r\nConnection: close\r\n\r\n" : "\r\n\r\n")
        if var body = answer.body { buffer.writeBuffer(&body) }
        return buffer
    }
}
