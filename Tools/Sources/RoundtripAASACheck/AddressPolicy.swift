import NIOCore
import NIOPosix

/// Which addresses a live check may connect to: any (the command line, run by the person whose
/// network it is), or only public ones (a public server, where a visitor's domain must not make
/// the server reach its own loopback, private network or cloud metadata service: server-side
/// request forgery).
///
/// With ``publicOnly``, the host is resolved once, the address is checked, and the connection
/// goes to exactly that address (the TLS name still the host): a second DNS answer cannot swap
/// in a private address between the check and the connection (DNS rebinding).
package enum AddressPolicy: Sendable, Hashable {
    /// Any address, loopback and private ranges included.
    case any
    /// Only globally reachable unicast addresses.
    case publicOnly

    /// Resolves `host` for a connection to `port` (a blocking `getaddrinfo`, run on NIO's
    /// thread pool), or throws what went wrong.
    static func resolve(_ host: String, port: Int) async throws -> SocketAddress {
        try await NIOThreadPool.singleton.runIfActive {
            try SocketAddress.makeAddressResolvingHost(host, port: port)
        }
    }

    /// Whether an address is globally reachable: not in a special-purpose block of RFC 6890
    /// ("Special-Purpose IP Address Registries") that stays on a host or a private network
    /// (this network, loopback, RFC 1918 private, shared address space, link-local, benchmarking,
    /// documentation, multicast, reserved; IPv6 unique-local, link-local, multicast,
    /// documentation), with IPv4-mapped and NAT64 IPv6 addresses judged by their IPv4 address.
    ///
    /// - Complexity: O(1).
    package static func isPublic(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let v4):
            var raw = v4.address.sin_addr
            return isPublicIPv4(withUnsafeBytes(of: &raw) { Array($0) })
        case .v6(let v6):
            var raw = v6.address.sin6_addr
            return isPublicIPv6(withUnsafeBytes(of: &raw) { Array($0) })
        case .unixDomainSocket:
            return false
        }
    }

    /// The four bytes of an IPv4 address, in network order.
    static func isPublicIPv4(_ b: [UInt8]) -> Bool {
        guard b.count == 4 else { return false }
        switch b[0] {
        case 0, 10, 127: return false  // this network, private, loopback
        case 100 where (64...127).contains(b[1]): return false  // shared address space (RFC 6598)
        case 169 where b[1] == 254: return false  // link-local
        case 172 where (16...31).contains(b[1]): return false  // private
        case 192 where b[1] == 168: return false  // private
        case 192 where b[1] == 0 && (b[2] == 0 || b[2] == 2): return false  // IETF protocol assignments, TEST-NET-1
        case 198 where b[1] == 18 || b[1] == 19: return false  // benchmarking
        case 198 where b[1] == 51 && b[2] == 100: return false  // TEST-NET-2
        case 203 where b[1] == 0 && b[2] == 113: return false  // TEST-NET-3
        case 224...255: return false  // multicast, reserved, broadcast
        default: return true
        }
    }

    /// The sixteen bytes of an IPv6 address, in network order.
    static func isPublicIPv6(_ b: [UInt8]) -> Bool {
        guard b.count == 16 else { return false }
        if b[0..<10].allSatisfy({ $0 == 0 }) {
            if b[10] == 0xFF, b[11] == 0xFF { return isPublicIPv4(Array(b[12..<16])) }  // IPv4-mapped
            return false  // unspecified, loopback, deprecated IPv4-compatible
        }
        if b[0] == 0x00, b[1] == 0x64, b[2] == 0xFF, b[3] == 0x9B, b[4..<12].allSatisfy({ $0 == 0 }) {
            return isPublicIPv4(Array(b[12..<16]))  // NAT64 (RFC 6052)
        }
        if b[0] & 0xFE == 0xFC { return false }  // unique local fc00::/7
        if b[0] == 0xFE, b[1] & 0xC0 == 0x80 { return false }  // link-local fe80::/10
        if b[0] == 0xFF { return false }  // multicast
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x0D, b[3] == 0xB8 { return false }  // documentation 2001:db8::/32
        return true
    }
}
