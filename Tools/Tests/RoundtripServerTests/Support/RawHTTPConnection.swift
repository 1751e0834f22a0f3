import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare TCP connection to a loopback port, for sending bytes no HTTP client would (pipelined
/// requests in one write) and reading everything until the server closes.
struct RawHTTPConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `text` in one write and returns all the server sends until it closes (at most 5 s).
    static func exchange(port: Int, _ text: String) throws -> String {
        try exchangeUntilClosed(port: port, text).text
    }

    /// ``exchangeUntilClosed(port:_:seconds:)`` on a thread of its own: its blocking reads must not
    /// hold one of the few threads of Swift's cooperative pool, which the server under test runs on.
    static func exchangeOnThread(port: Int, _ text: String, seconds: Int = 5) async throws -> (text: String, closedByServer: Bool) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try exchangeUntilClosed(port: port, text, seconds: seconds) }) }.start()
        }
    }

    /// Sends `text` in one write and reads until the server closes or `seconds` pass in silence.
    ///
    /// - Returns: What the server sent, and whether it closed the connection itself.
    static func exchangeUntilClosed(port: Int, _ text: String, seconds: Int = 5) throws -> (text: String, closedByServer: Bool) {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(socketFD) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect() failed") }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ send(socketFD, $0.baseAddress, $0.count, 0) }) == bytes.count else {
            throw Failure(description: "send() was short")
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var closed = false
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                closed = count == 0
                break
            }
            received += chunk[0..<count]
        }
        return (String(decoding: received, as: UTF8.self), closed)
    }
}
