import NIOCore

/// A `--resolve DOMAIN:PORT:ADDRESS` entry: requests for `DOMAIN` connect to `ADDRESS:PORT`
/// instead of what DNS says, while the URL, the `Host` header, the TLS server name (SNI) and the
/// certificate check all stay `DOMAIN`, as with curl's option of the same name.
///
/// Apple fetches only on port 443, so `PORT` is where the connection goes whatever the URL's
/// port (curl's `--connect-to DOMAIN:443:ADDRESS:PORT`): a test server on another port, or a
/// staging server's address, is checked as Apple would check the production name.
package struct ResolveEntry: Sendable, Hashable {
    /// The host name the entry applies to, lowercased.
    package let domain: String
    /// The port connected to.
    package let port: Int
    /// The IP address connected to (an IPv6 address without brackets).
    package let address: String

    /// An entry.
    package init(domain: String, port: Int, address: String) {
        self.domain = domain.lowercased()
        self.port = port
        self.address = address
    }

    /// Reads `DOMAIN:PORT:ADDRESS`; an IPv6 address may be written in brackets
    /// (`example.com:443:[::1]`).
    ///
    /// - Throws: ``LiveCheckError`` `invalid-resolve` naming the part that is wrong.
    package init(_ text: String) throws(LiveCheckError) {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw LiveCheckError(.invalidResolve, "--resolve takes DOMAIN:PORT:ADDRESS, for example example.com:443:127.0.0.1, not '\(text)'")
        }
        let domain: CheckedDomain
        do {
            domain = try CheckedDomain(String(parts[0]))
        } catch {
            throw LiveCheckError(.invalidResolve, "--resolve '\(text)': \(error.message)")
        }
        guard !domain.isWildcard else {
            throw LiveCheckError(.invalidResolve, "--resolve '\(text)': name the host fetched (example.com), not a wildcard")
        }
        guard let port = Int(parts[1]), (1...65535).contains(port) else {
            throw LiveCheckError(.invalidResolve, "--resolve '\(text)': the port must be 1…65535, not '\(parts[1])'")
        }
        var address = Substring(parts[2])
        if address.hasPrefix("["), address.hasSuffix("]") { address = address.dropFirst().dropLast() }
        guard (try? SocketAddress(ipAddress: String(address), port: port)) != nil else {
            throw LiveCheckError(.invalidResolve, "--resolve '\(text)': '\(parts[2])' is not an IPv4 or IPv6 address")
        }
        self.init(domain: domain.host, port: port, address: String(address))
    }
}
