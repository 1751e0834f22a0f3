import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import RoundtripServer

/// The event-loop fast path for AASA requests, driven part by part on an `EmbeddedChannel`.
@Suite("AASA fast path on the event loop")
struct AssociationChannelHandlerTests {
    static let path = "/.well-known/apple-app-site-association"

    static func channel() throws -> (EmbeddedChannel, AssociationCatalog) {
        let catalog = try AssociationCatalog(specs: [ServerFixture.terminal()])
        let channel = EmbeddedChannel(handler: AssociationChannelHandler(catalog: catalog, serverName: "Roundtrip", installsSocketHandler: false))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return (channel, catalog)
    }

    static func request(
        _ method: HTTPRequest.Method = .get,
        path: String = path,
        host: String = "terminal.example.com",
        fields: HTTPFields = [:]
    ) -> HTTPRequest {
        HTTPRequest(method: method, scheme: nil, authority: host, path: path, headerFields: fields)
    }

    /// Sends a whole request (head and end).
    static func send(_ request: HTTPRequest, to channel: EmbeddedChannel) throws {
        try channel.writeInbound(HTTPRequestPart.head(request))
        try channel.writeInbound(HTTPRequestPart.end(nil))
    }

    /// Everything the handler wrote, in order.
    static func written(_ channel: EmbeddedChannel) throws -> [HTTPResponsePart] {
        var parts: [HTTPResponsePart] = []
        while let part = try channel.readOutbound(as: HTTPResponsePart.self) { parts.append(part) }
        return parts
    }

    /// Everything the handler passed on to the router, in order.
    static func passedOn(_ channel: EmbeddedChannel) throws -> [HTTPRequestPart] {
        var parts: [HTTPRequestPart] = []
        while let part = try channel.readInbound(as: HTTPRequestPart.self) { parts.append(part) }
        return parts
    }

    @Test("GET of a hosted domain is answered on the spot with the file and the router's headers")
    func get() throws {
        let (channel, catalog) = try Self.channel()
        try Self.send(Self.request(host: "Terminal.Example.com:8443"), to: channel)
        let file = try #require(catalog.file(forHost: "terminal.example.com"))
        let parts = try Self.written(channel)
        #expect(parts.count == 3)
        guard case .head(let head) = parts.first, case .body(let body) = parts[1], case .end(nil) = parts.last else {
            Issue.record("expected head, body, end; got \(parts)")
            return
        }
        #expect(head.status == .ok)
        #expect(head.headerFields[.contentType] == "application/json")
        #expect(head.headerFields[.eTag] == file.entityTag)
        #expect(head.headerFields[.cacheControl] == "public, max-age=3600")
        #expect(head.headerFields[.contentLength] == String(file.bytes.count))
        #expect(head.headerFields[.server] == "Roundtrip")
        #expect(head.headerFields[.date]?.hasSuffix(" GMT") == true)
        #expect(head.headerFields[.connection] == nil)
        #expect(Array(body.readableBytesView) == file.bytes)
        #expect(try Self.passedOn(channel).isEmpty)
        #expect(channel.isActive)
    }

    @Test("HEAD has the same headers and no body; a query on the path is ignored")
    func head() throws {
        let (channel, _) = try Self.channel()
        try Self.send(Self.request(.head, path: "/apple-app-site-association?x=1"), to: channel)
        let parts = try Self.written(channel)
        #expect(parts.count == 2)
        guard case .head(let head) = parts.first else {
            Issue.record("no head")
            return
        }
        #expect(head.status == .ok)
        #expect(head.headerFields[.contentLength] != nil)
    }

    @Test(
        "If-None-Match with the ETag (alone, in a list, weak, or *) gives 304; another tag gives 200",
        arguments: [(true, "TAG"), (true, "\"x\", TAG"), (true, "W/TAG"), (true, "*"), (false, "\"x\"")]
    )
    func conditional(notModified: Bool, header: String) throws {
        let (channel, catalog) = try Self.channel()
        let tag = try #require(catalog.file(forHost: "terminal.example.com")).entityTag
        try Self.send(Self.request(fields: [.ifNoneMatch: header.replacingOccurrences(of: "TAG", with: tag)]), to: channel)
        guard case .head(let head) = try Self.written(channel).first else {
            Issue.record("no head")
            return
        }
        #expect(head.status == (notModified ? .notModified : .ok))
        #expect(head.headerFields[.eTag] == tag)
    }

    @Test(
        "anything else goes to the router untouched",
        arguments: [
            request(host: "other.example.com"),
            request(host: ""),
            request(.post),
            request(path: "/api/ulc-tests"),
            request(path: "/.well-known/apple-app-site-association/x"),
        ]
    )
    func passesOn(request: HTTPRequest) throws {
        let (channel, _) = try Self.channel()
        try channel.writeInbound(HTTPRequestPart.head(request))
        try channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "{}")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
        let parts = try Self.passedOn(channel)
        #expect(parts.count == 3)
        if case .head(let passed) = parts.first { #expect(passed == request) } else { Issue.record("head not passed on") }
        #expect(try Self.written(channel).isEmpty)
    }

    @Test("pipelined: while the router owes a response, AASA requests wait their turn behind it")
    func pipelining() throws {
        let (channel, _) = try Self.channel()
        try Self.send(Self.request(path: "/api/ulc-tests/1"), to: channel)
        try Self.send(Self.request(), to: channel)
        // Both went to the router, in order; nothing was answered out of turn.
        #expect(try Self.passedOn(channel).count == 4)
        #expect(try Self.written(channel).isEmpty)
        // The router answers both.
        for _ in 0..<2 {
            try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
            try channel.writeOutbound(HTTPResponsePart.end(nil))
        }
        #expect(try Self.written(channel).count == 4)
        // Nothing owed any more: the next AASA request is answered on the spot again.
        try Self.send(Self.request(), to: channel)
        #expect(try Self.passedOn(channel).isEmpty)
        #expect(try Self.written(channel).count == 3)
    }

    @Test("a request with Connection: close is answered, then the connection closes")
    func connectionClose() throws {
        let (channel, _) = try Self.channel()
        try Self.send(Self.request(fields: [.connection: "keep-alive, Close"]), to: channel)
        guard case .head(let head) = try Self.written(channel).first else {
            Issue.record("no head")
            return
        }
        #expect(head.headerFields[.connection] == "close")
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
    }

    @Test("the Date header is RFC 9110's IMF-fixdate")
    func date() {
        var seconds = time_t(784_111_777)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        #expect(HTTPDate.format(parts) == "Sun, 06 Nov 1994 08:49:37 GMT")
        seconds = 1_798_761_599  // 2026-12-31 23:59:59
        gmtime_r(&seconds, &parts)
        #expect(HTTPDate.format(parts) == "Thu, 31 Dec 2026 23:59:59 GMT")
    }
}
