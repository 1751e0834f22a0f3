import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import RoundtripServer

/// The request-head deadline on an `EmbeddedChannel`, whose clock the test moves: what happens
/// when it passes while the answer to the request before is still being written.
@Suite("Connection guard: the head deadline")
struct ConnectionGuardHandlerTests {
    @Test("a head deadline that passes while a response is owed is answered 408 after that response, not by a cut")
    func expiryWaitsForTheOwedResponse() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ConnectionGuardHandler(headTimeout: .milliseconds(300), connections: nil))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        let request = HTTPRequest(method: .get, scheme: nil, authority: "a.example", path: "/healthz")
        try channel.writeInbound(HTTPRequestPart.head(request))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        // The next request's first bytes come (the guard sees bytes, not yet a head) while the
        // first answer is still owed, and its deadline passes.
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "GET /he")))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(301))
        #expect(channel.isActive, "the connection was cut with a response still owed")
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)

        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        var statuses: [HTTPResponse.Status] = []
        var ends = 0
        while let part = try channel.readOutbound(as: HTTPResponsePart.self) {
            switch part {
            case .head(let head): statuses.append(head.status)
            case .body: break
            case .end: ends += 1
            }
        }
        #expect(statuses == [.ok, .requestTimeout])
        #expect(ends == 2)
        #expect(!channel.isActive, "the connection stayed open after the 408")
    }
}
