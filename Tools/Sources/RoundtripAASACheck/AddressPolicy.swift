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

    /// Whether an address is globally reachable: not in a block of IANA's "IPv4 Special-Purpose
    /// Address Registry" or "IPv6 Special-Purpose Address Registry" (RFC 6890) whose addresses are
    /// not globally reachable, nor in a block a transition mechanism routes to somewhere this
    /// policy cannot see (6to4, Teredo, NAT64's local-use prefix), with IPv4-mapped and NAT64
    /// well-known-prefix addresses judged by the IPv4 address they carry.
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
        case 0, 10, 127: return false  // this network (RFC 791), private (RFC 1918), loopback (RFC 1122)
        case 100 where (64...127).contains(b[1]): return false  // shared address space (RFC 6598)
        case 169 where b[1] == 254: return false  // link-local (RFC 3927)
        case 172 where (16...31).contains(b[1]): return false  // private (RFC 1918)
        case 192 where b[1] == 168: return false  // private (RFC 1918)
        case 192 where b[1] == 0 && (b[2] == 0 || b[2] == 2): return false  // IETF protocol assignments (RFC 6890), TEST-NET-1 (RFC 5737)
        // 6to4 relay anycast (RFC 3068), deprecated by RFC 7526: whichever relay answers forwards
        // into IPv6, to an address this check never saw.
        case 192 where b[1] == 88 && b[2] == 99: return false
        case 198 where b[1] == 18 || b[1] == 19: return false  // benchmarking (RFC 2544)
        case 198 where b[1] == 51 && b[2] == 100: return false  // TEST-NET-2 (RFC 5737)
        case 203 where b[1] == 0 && b[2] == 113: return false  // TEST-NET-3 (RFC 5737)
        case 224...255: return false  // multicast (RFC 5771), reserved (RFC 1112), broadcast (RFC 919)
        default: return true
        }
    }

    /// The IPv6 blocks refused outright: (prefix bytes, prefix length in bits, why).
    static let refusedIPv6Blocks: [(prefix: [UInt8], length: Int, name: String)] = [
        // NAT64 local-use prefix (RFC 8215, section 3): an operator's own translator, to IPv4
        // addresses of its network; IANA: not globally reachable.
        ([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01], 48, "NAT64 local-use 64:ff9b:1::/48"),
        ([0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, "discard-only 100::/64 (RFC 6666)"),
        // Teredo (RFC 4380): the server and the client's IPv4 address are embedded, obfuscated,
        // and reached through whatever relay is nearest; IANA: N/A for global reachability.
        ([0x20, 0x01, 0x00, 0x00], 32, "Teredo 2001::/32"),
        ([0x20, 0x01, 0x00, 0x02, 0x00, 0x00], 48, "benchmarking 2001:2::/48 (RFC 5180)"),
        ([0x20, 0x01, 0x0D, 0xB8], 32, "documentation 2001:db8::/32 (RFC 3849)"),
        // 6to4 (RFC 3056): 2002:V4ADDR::/48 is reached through the IPv4 address V4ADDR (loopback
        // or a private network as readily as a public one) by the nearest relay; deprecated by
        // RFC 7526. Refusing the whole /16 refuses every non-public embedded address with it.
        ([0x20, 0x02], 16, "6to4 2002::/16"),
        ([0x3F, 0xFF, 0x00], 20, "documentation 3fff::/20 (RFC 9637)"),
        ([0xFC], 7, "unique local fc00::/7 (RFC 4193)"),
        ([0xFE, 0x80], 10, "link-local fe80::/10 (RFC 4291)"),
        ([0xFE, 0xC0], 10, "site-local fec0::/10 (RFC 3879 deprecated it; never globally routed)"),
        ([0xFF], 8, "multicast ff00::/8 (RFC 4291)"),
    ]

    /// The sixteen bytes of an IPv6 address, in network order.
    static func isPublicIPv6(_ b: [UInt8]) -> Bool {
        guard b.count == 16 else { return false }
        if b[0..<10].allSatisfy({ $0 == 0 }) {
            if b[10] == 0xFF, b[11] == 0xFF { return isPublicIPv4(Array(b[12..<16])) }  // IPv4-mapped (RFC 4291, section 2.5.5.2)
            return false  // unspecified, loopback, deprecated IPv4-compatible (RFC 4291, section 2.5.5.1)
        }
        if b[0] == 0x00, b[1] == 0x64, b[2] == 0xFF, b[3] == 0x9B, b[4..<12].allSatisfy({ $0 == 0 }) {
            return isPublicIPv4(Array(b[12..<16]))  // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052, section 2.1)
        }
        return !refusedIPv6Blocks.contains { block in Self.address(b, isIn: block.prefix, length: block.length) }
    }

    /// Whether the first `length` bits of `address` are those of `prefix`.
    private static func address(_ address: [UInt8], isIn prefix: [UInt8], length: Int) -> Bool {
        for bit in stride(from: 0, to: length, by: 8) {
            let index = bit / 8
            let mask: UInt8 = length - bit >= 8 ? 0xFF : ~(0xFF >> UInt8(length - bit))
            if address[index] & mask != prefix[index] & mask { return false }
        }
        return true
    }
}
