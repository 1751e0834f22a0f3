import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A loopback TCP forwarder that a test can cut and restore, to make a database "go away" and
/// "come back" on the same address without touching the server behind it, or freeze, to make it
/// stop answering while its connections stay open.
final class TCPProxy: Sendable {
    /// The port it listens on (127.0.0.1).
    let port: Int
    private let target: SocketAddress
    private let open = NIOLockedValueBox<[any Channel]>([])
    private let listener = NIOLockedValueBox<(any Channel)?>(nil)
    /// While set, what either side sends is dropped: the connections stay open and nothing answers.
    private let frozen = NIOLockedValueBox(false)

    private init(port: Int, target: SocketAddress) {
        self.port = port
        self.target = target
    }

    /// Starts forwarding a free loopback port to a host and port.
    static func start(to host: String, port: Int) async throws -> TCPProxy {
        let probe = try await Self.bind(port: 0, target: nil)
        let chosen = probe.localAddress?.port ?? 0
        try await probe.close()
        let proxy = TCPProxy(port: chosen, target: try SocketAddress.makeAddressResolvingHost(host, port: port))
        try await proxy.restore()
        return proxy
    }

    /// Closes the listener and every forwarded connection: the target seems to be gone.
    func cut() async {
        let channels = open.withLockedValue { channels in
            defer { channels = [] }
            return channels
        }
        let server = listener.withLockedValue { server in
            defer { server = nil }
            return server
        }
        try? await server?.close()
        for channel in channels { try? await channel.close() }
    }

    /// Drops everything from now on, without closing anything: the database seems frozen.
    func freeze() {
        frozen.withLockedValue { $0 = true }
    }

    /// Listens again on the same port (forwarding again if frozen).
    func restore() async throws {
        frozen.withLockedValue { $0 = false }
        let server = try await Self.bind(port: port, target: self)
        listener.withLockedValue { $0 = server }
    }

    private static func bind(port: Int, target proxy: TCPProxy?) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { inbound in
                guard let proxy else { return inbound.close() }
                return ClientBootstrap(group: inbound.eventLoop).connect(to: proxy.target).flatMap { outbound in
                    proxy.open.withLockedValue { $0 += [inbound, outbound] }
                    return inbound.pipeline.addHandler(Glue(partner: outbound, frozen: proxy.frozen))
                        .and(outbound.pipeline.addHandler(Glue(partner: inbound, frozen: proxy.frozen))).map { _ in }
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
    }

    /// Writes what one side reads to the other, and closes both together.
    private final class Glue: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let partner: any Channel
        let frozen: NIOLockedValueBox<Bool>

        init(partner: any Channel, frozen: NIOLockedValueBox<Bool>) {
            self.partner = partner
            self.frozen = frozen
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !frozen.withLockedValue({ $0 }) else { return }
            partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            partner.close(promise: nil)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
