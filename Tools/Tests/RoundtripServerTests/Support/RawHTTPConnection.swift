import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare TCP connection to a loopback port, for sending bytes no HTTP client would (pipelined
/// requests in one write, a head sent a line at a time, many connections held at once) and
/// reading everything until the server closes.
final class RawHTTPConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let socketFD: Int32
    private var received: [UInt8] = []

    /// Connects to `127.0.0.1:port`; each read waits at most `seconds` in silence.
    init(port: Int, seconds: Int = 5) throws {
        socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socketFD)
            throw Failure(description: "connect() failed")
        }
    }

    deinit { close(socketFD) }

    /// Sends `text` in one write.
    ///
    /// - Returns: Whether all of it was sent (not when the server has closed the connection).
    @discardableResult
    func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)  // a closed connection is an answer here, not a SIGPIPE
        #else
        let flags: Int32 = 0
        #endif
        return bytes.withUnsafeBytes { send(socketFD, $0.baseAddress, $0.count, flags) } == bytes.count
    }

    /// Reads what the server has sent so far, without waiting.
    ///
    /// - Returns: Whether the server has closed the connection.
    private func drain() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 { return true }
            if count < 0 { return false }
            received += chunk[0..<count]
        }
    }

    /// Waits for the server's next bytes (at most the read timeout) and keeps them.
    ///
    /// - Returns: Whether any came.
    @discardableResult
    func readSome() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        received += chunk[0..<count]
        return true
    }

    /// Reads until the server closes or the read timeout passes in silence.
    ///
    /// - Returns: What the server sent on the connection, and whether it closed the connection itself.
    func readUntilClosed() -> (text: String, closedByServer: Bool) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (String(decoding: received, as: UTF8.self), count == 0) }
            received += chunk[0..<count]
        }
    }

    /// Sends `text` in one write and returns all the server sends until it closes (at most 5 s).
    static func exchange(port: Int, _ text: String) throws -> String {
        try exchangeUntilClosed(port: port, text).text
    }

    /// ``exchangeUntilClosed(port:_:seconds:)`` on a thread of its own: its blocking reads must not
    /// hold one of the few threads of Swift's cooperative pool, which the server under test runs on.
    static func exchangeOnThread(port: Int, _ text: String, seconds: Int = 5) async throws -> (text: String, closedByServer: Bool) {
        try await onThread { try exchangeUntilClosed(port: port, text, seconds: seconds) }
    }

    /// Sends `text` in one write and reads until the server closes or `seconds` pass in silence.
    ///
    /// - Returns: What the server sent, and whether it closed the connection itself.
    static func exchangeUntilClosed(port: Int, _ text: String, seconds: Int = 5) throws -> (text: String, closedByServer: Bool) {
        let connection = try RawHTTPConnection(port: port, seconds: seconds)
        guard connection.write(text) else { throw Failure(description: "send() was short") }
        return connection.readUntilClosed()
    }

    /// Sends `parts` one at a time, `interval` apart, stopping early once the server closes; then
    /// reads until it closes or `seconds` pass in silence.
    static func trickle(port: Int, _ parts: [String], interval: Duration, seconds: Int = 10) throws -> (text: String, closedByServer: Bool) {
        let connection = try RawHTTPConnection(port: port, seconds: seconds)
        for part in parts {
            guard !connection.drain(), connection.write(part) else { break }
            Thread.sleep(forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
        }
        return connection.readUntilClosed()
    }

    /// Runs blocking socket work on a thread of its own, off Swift's cooperative pool.
    static func onThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
