import NIOCore
import Testing

@testable import RoundtripAASACheck

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
