import NIOCore
import RoundtripAASACheck
import Testing

@Suite struct CheckedDomainTests {
    @Test(arguments: [
        ("example.com", "example.com", "example.com"),
        ("*.example.com", "*.example.com", "example.com"),
        ("applinks:Shop.Example.COM.", "shop.example.com", "shop.example.com"),
    ])
    func readsDomains(text: String, domain: String, host: String) throws {
        let checked = try CheckedDomain(text)
        #expect(checked.domain == domain)
        #expect(checked.host == host)
        #expect(checked.fileURL == "https://\(host)/.well-known/apple-app-site-association")
    }

    @Test(arguments: [
        ("https://example.com", "'https://example.com' is a URL; give the domain alone, for example example.com"),
        ("example.com/path", "'example.com/path' is not a domain name: '/' is not allowed in one (give the domain alone, without path or port)"),
        ("example..com", "'example..com' is not a domain name: each label between dots holds 1 to 63 characters"),
        ("-bad.com", "'-bad.com' is not a domain name: a label may not start or end with '-'"),
        ("", "'' is not a domain name: it must hold 1 to 253 characters"),
        ("ex ample.com", "'ex ample.com' is not a domain name: ' ' is not allowed in one"),
    ])
    func refusesWhatIsNotADomain(text: String, message: String) {
        #expect(throws: LiveCheckError(.invalidDomain, message)) { try CheckedDomain(text) }
    }

    @Test func readsResolveEntries() throws {
        let entry = try ResolveEntry("Example.com:8443:127.0.0.1")
        #expect(entry == ResolveEntry(domain: "example.com", port: 8443, address: "127.0.0.1"))
        #expect(try ResolveEntry("example.com:443:[::1]").address == "::1")
    }

    @Test(arguments: [
        ("example.com:443", "--resolve takes DOMAIN:PORT:ADDRESS, for example example.com:443:127.0.0.1, not 'example.com:443'"),
        ("example.com:0:127.0.0.1", "--resolve 'example.com:0:127.0.0.1': the port must be 1…65535, not '0'"),
        ("example.com:443:somewhere", "--resolve 'example.com:443:somewhere': 'somewhere' is not an IPv4 or IPv6 address"),
        ("*.example.com:443:127.0.0.1", "--resolve '*.example.com:443:127.0.0.1': name the host fetched (example.com), not a wildcard"),
    ])
    func refusesBadResolveEntries(text: String, message: String) {
        #expect(throws: LiveCheckError(.invalidResolve, message)) { try ResolveEntry(text) }
    }

    @Test(arguments: [
        ("127.0.0.1", false), ("10.1.2.3", false), ("172.20.0.1", false), ("192.168.1.1", false), ("169.254.169.254", false),
        ("100.64.0.1", false), ("0.0.0.0", false), ("224.0.0.1", false), ("::1", false), ("fd00::1", false), ("fe80::1", false),
        ("::ffff:127.0.0.1", false), ("::ffff:10.0.0.1", false), ("64:ff9b::a00:1", false),
        ("17.253.144.10", true), ("8.8.8.8", true), ("2a00:1450:4001::1", true), ("::ffff:17.253.144.10", true),
    ])
    func judgesAddresses(address: String, isPublic: Bool) throws {
        #expect(AddressPolicy.isPublic(try SocketAddress(ipAddress: address, port: 443)) == isPublic)
    }

    /// Blocks of IANA's special-purpose registries and transition mechanisms that reach an address
    /// the policy cannot see, beside public neighbours that stay public.
    @Test(arguments: [
        ("64:ff9b:1::a00:1", false, "NAT64 local-use prefix (RFC 8215)"),
        ("64:ff9b:1:ffff::808:808", false, "NAT64 local-use prefix, public IPv4 embedded"),
        ("64:ff9b::808:808", true, "NAT64 well-known prefix, public IPv4 embedded (RFC 6052)"),
        ("64:ff9b::c0a8:101", false, "NAT64 well-known prefix, private IPv4 embedded"),
        ("64:ff9b::c058:6301", false, "NAT64 well-known prefix, 6to4 relay anycast embedded"),
        ("2002:7f00:1::1", false, "6to4 of 127.0.0.1 (RFC 3056)"),
        ("2002:c0a8:101::1", false, "6to4 of 192.168.1.1"),
        ("2002:808:808::1", false, "6to4 of a public IPv4 address: the relay is not seen either"),
        ("2001:0:4136:e378:8000:63bf:3fff:fdd2", false, "Teredo (RFC 4380)"),
        ("2001:2::1", false, "benchmarking (RFC 5180)"),
        ("2001:db8::1", false, "documentation (RFC 3849)"),
        ("3fff::1", false, "documentation (RFC 9637)"),
        ("100::1", false, "discard-only (RFC 6666)"),
        ("fec0::1", false, "site-local (RFC 3879)"),
        ("feff::1", false, "site-local, the top of the block"),
        ("192.88.99.1", false, "6to4 relay anycast (RFC 7526)"),
        ("::ffff:192.88.99.1", false, "6to4 relay anycast, IPv4-mapped"),
        ("192.88.98.1", true, "below the 6to4 relay anycast block"),
        ("192.88.100.1", true, "above the 6to4 relay anycast block"),
        ("2001:4860:4860::8888", true, "a public IPv6 address in 2001::/16, outside Teredo"),
        ("2003::1", true, "just past 6to4"),
        ("2606:4700:4700::1111", true, "a public IPv6 address"),
    ])
    func refusesTransitionAndSpecialPurposeBlocks(address: String, isPublic: Bool, block: String) throws {
        #expect(AddressPolicy.isPublic(try SocketAddress(ipAddress: address, port: 443)) == isPublic, "\(block)")
    }

    @Test func readsTimeoutsAndCDNBases() throws {
        #expect(try LiveCheckOptions.timeout(seconds: "2.5") == .milliseconds(2500))
        #expect(throws: LiveCheckError(.invalidTimeout, "--timeout takes seconds above 0 and at most 300, not '0'")) {
            try LiveCheckOptions.timeout(seconds: "0")
        }
        #expect(try LiveCheckOptions.cdnBase(environment: [:]) == "https://app-site-association.cdn-apple.com/a/v1")
        #expect(try LiveCheckOptions.cdnBase(environment: ["ROUNDTRIP_AASA_CDN_URL": "https://cdn.test:8443/a/v1/"]) == "https://cdn.test:8443/a/v1")
        #expect(throws: LiveCheckError.self) { try LiveCheckOptions.cdnBase(environment: ["ROUNDTRIP_AASA_CDN_URL": "cdn.test"]) }
    }
}
