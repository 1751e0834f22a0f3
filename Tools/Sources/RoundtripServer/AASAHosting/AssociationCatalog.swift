import Roundtrip
import RoundtripAndroid
import RoundtripAssociatedDomains

/// The files a server hosts for a domain.
package enum HostedFileKind: Sendable, Hashable {
    /// `apple-app-site-association`, for iOS's universal links.
    case association
    /// `.well-known/assetlinks.json`, for Android's App Links.
    case assetLinks
}

/// The association files a server hosts: one per domain that verifies the specs' claims,
/// generated once at start.
///
/// Apple's TN3155 "Debugging universal links": iOS verifies `applinks:*.example.com` with the file
/// at `https://example.com/.well-known/apple-app-site-association`, the apex's, which also serves
/// `applinks:example.com`; a specific subdomain (`www.example.com`) is verified with its own file.
/// So a wildcard claim is answered at its apex (one file holding the details of every spec that
/// claims the apex or its wildcard), and a subdomain only when it is claimed on its own.
///
/// Lookups take the request's `Host` as sent: the port is dropped, case and a trailing dot are
/// ignored. A lookup is one dictionary access.
package struct AssociationCatalog: Sendable {
    private let filesByDomain: [String: HostedAssociationFile]
    /// The `assetlinks.json` files of the specs with an Android app, by host, rendered the same
    /// way (bytes, strong ETag, headers built once): Android's verifier reads a wildcard
    /// `*.example.com` from the root domain's file, as iOS does (``AssetLinksGenerator``).
    private let assetLinksByHost: [String: HostedAssociationFile]

    /// The hosted domains, sorted.
    package var domains: [String] { filesByDomain.keys.sorted() }

    /// Every hosted file, in the order of ``domains``: the exact bytes the server answers with, for
    /// `roundtrip aasa export` to write out for another web server or a CDN.
    package var files: [HostedAssociationFile] {
        domains.compactMap { filesByDomain[$0] }
    }

    /// Every hosted `assetlinks.json`, sorted by host: the exact bytes the server answers with,
    /// for `roundtrip aasa export` to write out beside the association files.
    package var assetLinksFiles: [HostedAssociationFile] {
        assetLinksByHost.keys.sorted().compactMap { assetLinksByHost[$0] }
    }

    /// Generates the files of the specs.
    ///
    /// A spec without an `app-id` that describes an Android app (`app.android`) is an
    /// Android-only app: its domains get an `assetlinks.json` and no association file (a host
    /// gets one only when an iOS app claims it).
    ///
    /// - Throws: ``AssociationError`` `missing-app-id` when a spec claims a domain with neither
    ///   an `app-id` nor an Android app.
    /// - Complexity: O(*d*·*s*·*r*) for *d* domains and *s* specs with *r* routes.
    package init(specs: [Spec]) throws(AssociationError) {
        var files: [String: HostedAssociationFile] = [:]
        let iOSSpecs = specs.filter { spec in !(spec.app.appID ?? "").isEmpty || spec.app.android == nil }
        for generated in try AssociationGenerator.generate(from: iOSSpecs) {
            files[generated.domain] = HostedAssociationFile(
                domain: generated.domain,
                claims: generated.claims,
                bytes: generated.file.jsonBytes(prettyPrinted: true)
            )
        }
        filesByDomain = files
        var assetLinks: [String: HostedAssociationFile] = [:]
        for generated in AssetLinksGenerator.generate(from: specs) {
            assetLinks[generated.host] = HostedAssociationFile(
                domain: generated.host,
                claims: generated.claims,
                bytes: generated.file.jsonBytes(prettyPrinted: true)
            )
        }
        assetLinksByHost = assetLinks
    }

    /// The file of `kind` for a `Host` header value, or `nil` when none is hosted for that domain.
    package func file(forHost host: String, kind: HostedFileKind = .association) -> HostedAssociationFile? {
        switch kind {
        case .association: filesByDomain[Self.domain(ofHost: host)]
        case .assetLinks: assetLinksByHost[Self.domain(ofHost: host)]
        }
    }

    /// `Example.COM.:8443` is `example.com`; `[::1]:8080` is `[::1]`.
    package static func domain(ofHost host: String) -> String {
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
