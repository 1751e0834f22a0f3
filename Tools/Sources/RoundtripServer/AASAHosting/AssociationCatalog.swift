import Roundtrip
import RoundtripAssociatedDomains

/// The association files a server hosts: one per domain the specs claim, generated once at start.
///
/// Lookups take the request's `Host` as sent: the port is dropped, case and a trailing dot are
/// ignored, and a `*.example.com` claim serves every subdomain of `example.com` (Apple fetches
/// the file from the subdomain itself).
package struct AssociationCatalog: Sendable {
    private let exactFiles: [String: HostedAssociationFile]
    private let wildcards: [(suffix: String, file: HostedAssociationFile)]

    /// The hosted domains, as claimed.
    package var domains: [String] { exactFiles.keys.sorted() + wildcards.map { "*" + $0.suffix } }

    /// Every hosted file, in the order of ``domains``: the exact bytes the server answers with, for
    /// `roundtrip aasa export` to write out for another web server or a CDN.
    package var files: [HostedAssociationFile] {
        exactFiles.keys.sorted().compactMap { exactFiles[$0] } + wildcards.map(\.file)
    }

    /// Generates the files of the specs.
    ///
    /// - Throws: ``AssociationError`` `missing-app-id` when a spec claims a domain without an `app-id`.
    /// - Complexity: O(*s*·*r*) for *s* specs with *r* routes.
    package init(specs: [Spec]) throws(AssociationError) {
        var exact: [String: HostedAssociationFile] = [:]
        var wildcards: [(suffix: String, file: HostedAssociationFile)] = []
        for generated in try AssociationGenerator.generate(from: specs) {
            let hosted = HostedAssociationFile(domain: generated.domain, bytes: generated.file.jsonBytes(prettyPrinted: true))
            if generated.domain.hasPrefix("*.") {
                wildcards.append((String(generated.domain.dropFirst()), hosted))
            } else {
                exact[generated.domain] = hosted
            }
        }
        exactFiles = exact
        self.wildcards = wildcards
    }

    /// The file for a `Host` header value, or `nil` when no spec claims that domain.
    package func file(forHost host: String) -> HostedAssociationFile? {
        let domain = Self.domain(ofHost: host)
        if let file = exactFiles[domain] { return file }
        return wildcards.first { domain.hasSuffix($0.suffix) && domain.count > $0.suffix.count }?.file
    }

    /// `Example.COM.:8443` is `example.com`; `[::1]:8080` is `[::1]`.
    static func domain(ofHost host: String) -> String {
        // The common case, a Host that is already a domain as claimed, needs no work.
        if host.utf8.last != UInt8(ascii: "."),
            host.utf8.allSatisfy({ byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            })
        {
            return host
        }
        var text = Substring(host)
        if text.hasPrefix("[") {
            if let close = text.firstIndex(of: "]") { text = text[...close] }
        } else if let colon = text.lastIndex(of: ":") {
            text = text[..<colon]
        }
        if text.hasSuffix(".") { text = text.dropLast() }
        return text.lowercased()
    }
}
