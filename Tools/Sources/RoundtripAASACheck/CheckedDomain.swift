/// A domain to check, as given on the command line or in the server's form, and the host whose
/// file that claim is verified with.
///
/// A wildcard claim `*.example.com` is verified with the apex's file,
/// `https://example.com/.well-known/apple-app-site-association` (Apple's TN3155 "Debugging
/// universal links"); any other domain with its own file.
package struct CheckedDomain: Sendable, Hashable {
    /// The domain as claimed, lowercased, without `applinks:` or a trailing dot
    /// (`*.example.com`, `www.example.com`).
    package let domain: String
    /// The host whose file is fetched (`example.com` for `*.example.com`).
    package let host: String

    /// The longest domain name: 253 characters (RFC 1035, section 2.3.4, less the final dot).
    static let maximumLength = 253

    /// Reads a domain argument.
    ///
    /// Accepts what an entitlements file holds (`applinks:example.com`) as well as the bare
    /// name; a trailing dot is dropped and letters are lowercased.
    ///
    /// - Throws: ``LiveCheckError`` `invalid-domain` for anything but a host name, naming what
    ///   was wrong (a scheme, a path or port, an empty label, a character outside letters,
    ///   digits, `-` and `.`).
    /// - Complexity: O(*n*) in the length of the text.
    package init(_ text: String) throws(LiveCheckError) {
        var name = Substring(text.lowercased())
        if name.hasPrefix("applinks:") { name = name.dropFirst("applinks:".count) }
        if name.hasSuffix(".") { name = name.dropLast() }
        let isWildcard = name.hasPrefix("*.")
        let host = isWildcard ? name.dropFirst(2) : name
        if text.contains("://") {
            throw LiveCheckError(.invalidDomain, "'\(text)' is a URL; give the domain alone, for example example.com")
        }
        guard !host.isEmpty, host.utf8.count <= Self.maximumLength else {
            throw LiveCheckError(.invalidDomain, "'\(text)' is not a domain name: it must hold 1 to \(Self.maximumLength) characters")
        }
        if let bad = host.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".")) }) {
            let hint = bad == "/" || bad == ":" ? " (give the domain alone, without path or port)" : ""
            throw LiveCheckError(.invalidDomain, "'\(text)' is not a domain name: '\(bad)' is not allowed in one\(hint)")
        }
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty, label.utf8.count <= 63 else {
                throw LiveCheckError(.invalidDomain, "'\(text)' is not a domain name: each label between dots holds 1 to 63 characters")
            }
            guard label.first != "-", label.last != "-" else {
                throw LiveCheckError(.invalidDomain, "'\(text)' is not a domain name: a label may not start or end with '-'")
            }
        }
        self.host = String(host)
        domain = isWildcard ? "*." + host : String(host)
    }

    /// Whether the claim is a wildcard (`*.example.com`).
    package var isWildcard: Bool { domain.hasPrefix("*.") }

    /// The URL of the file Apple's CDN fetches for the claim.
    package var fileURL: String { "https://\(host)/.well-known/apple-app-site-association" }
}
