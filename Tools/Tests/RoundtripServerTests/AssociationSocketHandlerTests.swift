import NIOCore
import NIOEmbedded
import Testing

@testable import RoundtripServer

/// The first handler of a connection, on raw bytes: answers what the scanner takes, hands the
/// rest to the HTTP decoder from a request boundary, then steps aside.
@Suite("AASA answered from raw bytes")
struct AssociationSocketHandlerTests {
    static let request = AssociationRequestScannerTests.simple

    static func channel() throws -> (EmbeddedChannel, AssociationCatalog) {
        let catalog = try AssociationCatalog(specs: [ServerFixture.terminal()])
        let channel = EmbeddedChannel(handler: AssociationSocketHandler(catalog: catalog, serverName: "Roundtrip"))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return (channel, catalog)
    }

    static func written(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text
    }

    static func passedOn(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let buffer = try channel.readInbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text
    }

    @Test("a simple GET is answered with the whole response; nothing reaches the decoder")
    func answers() throws {
        let (channel, catalog) = try Self.channel()
        try channel.writeInbound(ByteBuffer(string: Self.request))
        let file = try #require(catalog.file(forHost: "terminal.example.com"))
        let response = try Self.written(channel)
        let (head, body) = try #require(Self.split(response))
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("\r\nContent-Type: application/json\r\n"))
        #expect(head.contains("\r\nETag: \(file.entityTag)\r\n"))
        #expect(head.contains("\r\nCache-Control: public, max-age=3600\r\n"))
        #expect(head.contains("\r\nContent-Length: \(file.bytes.count)\r\n"))
        #expect(head.contains("\r\nServer: Roundtrip"))
        #expect(head.contains(" GMT"))
        #expect(Array(body.utf8) == file.bytes)
        #expect(try Self.passedOn(channel).isEmpty)
    }

    @Test("assetlinks.json is answered from raw bytes like the AASA file")
    func answersAssetLinks() throws {
        let catalog = try AssociationCatalog(specs: [ServerFixture.spec("app-links.yaml")])
        let channel = EmbeddedChannel(handler: AssociationSocketHandler(catalog: catalog, serverName: "Roundtrip"))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.writeInbound(ByteBuffer(string: "GET /.well-known/assetlinks.json HTTP/1.1\r\nHost: shop.example.com\r\n\r\n"))
        let file = try #require(catalog.file(forHost: "shop.example.com", kind: .assetLinks))
        let (head, body) = try #require(Self.split(try Self.written(channel)))
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("\r\nContent-Type: application/json\r\n"))
        #expect(head.contains("\r\nETag: \(file.entityTag)\r\n"))
        #expect(Array(body.utf8) == file.bytes)
        #expect(try Self.passedOn(channel).isEmpty)
    }

    @Test("pipelined AASA requests in one read are answered in order; HEAD and 304 have no body")
    func pipelined() throws {
        let (channel, catalog) = try Self.channel()
        let tag = try #require(catalog.file(forHost: "terminal.example.com")).entityTag
        let head = "HEAD /apple-app-site-association HTTP/1.1\r\nHost: terminal.example.com\r\n\r\n"
        let conditional = "GET /apple-app-site-association HTTP/1.1\r\nHost: terminal.example.com\r\nIf-None-Match: \(tag)\r\n\r\n"
        try channel.writeInbound(ByteBuffer(string: Self.request + head + conditional))
        let response = try Self.written(channel)
        let statuses = response.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
        #expect(statuses == ["200", "200", "304"])
        #expect(response.hasSuffix("\r\n\r\n"))  // the last two have no body
    }

    @Test("the first request it does not take goes to the decoder whole, with all that follows, and the handler steps aside")
    func handsOver() throws {
        let (channel, _) = try Self.channel()
        let api = "GET /api/ulc-tests/1 HTTP/1.1\r\nHost: terminal.example.com\r\n\r\n"
        try channel.writeInbound(ByteBuffer(string: Self.request + api + Self.request))
        #expect(try Self.written(channel).hasPrefix("HTTP/1.1 200 OK"))
        #expect(try Self.passedOn(channel) == api + Self.request)
        // From now on everything goes to the decoder, even a simple AASA request.
        try channel.writeInbound(ByteBuffer(string: Self.request))
        #expect(try Self.passedOn(channel) == Self.request)
        #expect(try Self.written(channel).isEmpty)
    }

    @Test(
        "a domain no spec claims, or a request split across reads, goes to the decoder",
        arguments: [
            ["GET /apple-app-site-association HTTP/1.1\r\nHost: other.example.com\r\n\r\n"],
            ["GET /apple-app-site-association HTTP/1.1\r\nHo", "st: terminal.example.com\r\n\r\n"],
        ]
    )
    func passes(reads: [String]) throws {
        let (channel, _) = try Self.channel()
        for read in reads { try channel.writeInbound(ByteBuffer(string: read)) }
        #expect(try Self.passedOn(channel) == reads.joined())
        #expect(try Self.written(channel).isEmpty)
    }

    @Test("Connection: close is answered, then the connection closes and later bytes are dropped")
    func close() throws {
        let (channel, _) = try Self.channel()
        let closing = "GET /apple-app-site-association HTTP/1.1\r\nHost: terminal.example.com\r\nConnection: close\r\n\r\n"
        try channel.writeInbound(ByteBuffer(string: closing + Self.request))
        channel.embeddedEventLoop.run()
        let response = try Self.written(channel)
        #expect(response.contains("\r\nConnection: close\r\n"))
        #expect(response.components(separatedBy: "HTTP/1.1 ").count == 2)
        #expect(!channel.isActive)
    }

    static func split(_ response: String) -> (head: String, body: String)? {
        guard let end = response.range(of: "\r\n\r\n") else { return nil }
        return (String(response[..<end.upperBound]), String(response[end.upperBound...]))
    }
}
