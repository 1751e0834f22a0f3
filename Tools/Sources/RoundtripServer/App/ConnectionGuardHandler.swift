import Foundation
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// What one connection may do, besides the idle timeout:
///
/// - **A whole request head within a deadline.** The idle timeout restarts with every byte that
///   arrives, so a client that sends a head a line at a time would hold the connection for ever.
///   From the first byte of a request, its head must arrive whole within
///   ``ServerConfiguration/requestHeadTimeout``; past it the server answers
///   `408 Request Timeout` with `Connection: close` and closes (RFC 9110, section 15.5.9). When
///   a response is still owed on the connection (a slow answer to the request before), the 408
///   follows that response's end, so the client gets both in order. A connection quiet between
///   requests is left to the idle timeout.
/// - **A cap per client address.** At most ``ServerConfiguration/connectionsPerAddress``
///   connections from one remote address at once; the next one is closed as it opens.
/// - **The client's departure.** A client that closes its side of the connection
///   (``ClientDeparture``) has gone: whatever the server still fetches for it may stop, as nginx
///   stops a proxied request when the client closes (`proxy_ignore_client_abort off`).
///
/// Sits after Hummingbird's HTTP/1 codec, before ``AssociationChannelHandler``; it puts a
/// ``RequestBytesWatcher`` in front of the HTTP decoder to see a request's first bytes, which the
/// decoder keeps until the head is complete.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headTimeout: TimeAmount?
    private let connections: ConnectionCounter?
    private var context: ChannelHandlerContext?
    /// Between requests: the next bytes start a head.
    private var expectingHead = true
    private var headTimer: Scheduled<Void>?
    /// The head deadline passed while a response was owed: answer 408 once it has ended.
    private var expiredWhileOwing = false
    /// Requests passed on whose response has not ended.
    private var responsesOwed = 0
    /// The address counted in ``connections``, to release when the connection ends.
    private var counted: String?
    private var checkedCap = false
    private var departure: EventLoopPromise<Void>?
    private var departed = false

    /// A handler for one connection.
    ///
    /// - Parameters:
    ///   - headTimeout: How long a request head may take from its first byte; `nil` for no limit.
    ///   - connections: The server's count of connections per address; `nil` for no cap.
    init(headTimeout: TimeAmount?, connections: ConnectionCounter?) {
        self.headTimeout = headTimeout
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        departure = context.eventLoop.makePromise()
        if headTimeout != nil {
            try? context.pipeline.syncOperations.addHandler(RequestBytesWatcher(self), position: .first)
        }
        if context.channel.isActive { checkCap(context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        headTimer?.cancel()
        headTimer = nil
        release()
        depart()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        checkCap(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        depart()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { depart() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            expectingHead = false
            expiredWhileOwing = false
            headTimer?.cancel()
            headTimer = nil
            responsesOwed += 1
        case .body:
            break
        case .end:
            expectingHead = true
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data), responsesOwed > 0 else {
            context.write(data, promise: promise)
            return
        }
        responsesOwed -= 1
        context.write(data, promise: promise)
        if expiredWhileOwing, responsesOwed == 0, expectingHead {
            expiredWhileOwing = false
            expireHead(context: context)
        }
    }

    /// Bytes reached the HTTP decoder: the first ones of a head start its deadline.
    fileprivate func bytesArrived() {
        guard expectingHead, headTimer == nil, let headTimeout, let context else { return }
        headTimer = context.eventLoop.assumeIsolated().scheduleTask(in: headTimeout) { [self] in
            headTimer = nil
            guard expectingHead, let context = self.context else { return }
            expireHead(context: context)
        }
    }

    private func expireHead(context: ChannelHandlerContext) {
        guard responsesOwed == 0 else {
            // A response is still being written: a 408 now would be taken for its answer, so it
            // waits for that response's end.
            expiredWhileOwing = true
            return
        }
        let response = HTTPResponse(status: .requestTimeout, headerFields: [.connection: "close", .contentLength: "0"])
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    private func checkCap(context: ChannelHandlerContext) {
        guard !checkedCap, let connections else { return }
        checkedCap = true
        guard let address = context.channel.remoteAddress?.ipAddress else { return }
        if connections.open(address) {
            counted = address
        } else {
            context.close(promise: nil)
        }
    }

    private func depart() {
        guard !departed else { return }
        departed = true
        departure?.succeed()
    }

    private func release() {
        if let counted { connections?.close(counted) }
        counted = nil
    }

    /// When the client of `channel` goes away (closes its side, or the connection ends); a
    /// future that completes with the channel's close when the channel has no guard (an
    /// in-process test's channel).
    static func departure(of channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.flatSubmit {
            guard let handler = try? channel.pipeline.syncOperations.handler(type: ConnectionGuardHandler.self),
                let departure = handler.departure
            else { return channel.closeFuture }
            return departure.futureResult
        }
    }
}

/// Tells a ``ConnectionGuardHandler`` that request bytes reached the HTTP decoder. It sits
/// before the decoder, after ``AssociationSocketHandler`` (which answers the simplest requests
/// from the raw bytes, so those never start a deadline).
final class RequestBytesWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private weak var guardHandler: ConnectionGuardHandler?

    init(_ guardHandler: ConnectionGuardHandler) {
        self.guardHandler = guardHandler
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guardHandler?.bytesArrived()
        context.fireChannelRead(data)
    }
}

/// The open connections of each remote address, shared by all of a server's connections.
final class ConnectionCounter: @unchecked Sendable {
    // @unchecked: `counts` is only touched while `lock` is held.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    /// The most connections one address may hold at once.
    let perAddress: Int

    init(perAddress: Int) {
        self.perAddress = perAddress
    }

    /// Counts a connection from `address`, unless that address holds ``perAddress`` already.
    ///
    /// - Returns: Whether the connection may stay.
    func open(_ address: String) -> Bool {
        lock.withLock {
            let count = counts[address, default: 0]
            guard count < perAddress else { return false }
            counts[address] = count + 1
            return true
        }
    }

    /// Releases a connection counted by ``open(_:)``.
    func close(_ address: String) {
        lock.withLock {
            let count = counts[address, default: 0] - 1
            counts[address] = count > 0 ? count : nil
        }
    }

    /// The connections counted for `address`.
    func count(_ address: String) -> Int {
        lock.withLock { counts[address, default: 0] }
    }
}
