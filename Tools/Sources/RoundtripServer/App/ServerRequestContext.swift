import Hummingbird
import NIOCore

/// The server's request context: Hummingbird's core storage, the client's address, which the
/// write limiter counts requests by, and its connection, whose end stops work done for it.
package struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    package var coreContext: CoreRequestContextStorage
    /// The connected client (the TLS proxy's address when there is one); `nil` in in-process tests.
    package let remoteAddress: SocketAddress?
    /// The connection the request came on.
    let channel: any Channel

    /// The context of a request on a channel.
    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }
}
