import Foundation
import NIOSSL
import Roundtrip

/// How a live check fetches: its timeout, the extra trust roots, `--resolve` entries, where
/// Apple's CDN is, how many domains at once, which addresses it may reach and the user agents.
package struct LiveCheckOptions: Sendable {
    /// Apple's CDN, which devices ask for a domain's file: `BASE/DOMAIN` (Apple's TN3155
    /// "Debugging universal links").
    package static let appleCDNBase = "https://app-site-association.cdn-apple.com/a/v1"
    /// The environment variable that replaces ``appleCDNBase`` (for tests, or a proxy).
    package static let cdnEnvironmentVariable = "ROUNDTRIP_AASA_CDN_URL"
    /// The user agent of Apple's CDN crawler, as bot directories and CDN logs list it.
    package static let crawlerUserAgent = "AASA-Bot/1.0.0"
    /// The user agent of the plain fetch the crawler's answer is compared with.
    package static let plainUserAgent = "roundtrip-aasa-check/1.0"
    /// The longest timeout accepted: 5 minutes.
    package static let maximumTimeout: Double = 300

    /// The time each fetch may take, connection to last byte.
    package var timeout: Duration = .seconds(10)
    /// Certificates trusted besides the system's roots (`--ca-file`).
    package var extraTrustRoots: [NIOSSLCertificate] = []
    /// Where requests for some hosts connect instead (`--resolve`).
    package var resolves: [ResolveEntry] = []
    /// The CDN's base URL without a trailing `/`; `nil` to skip the CDN (`--no-cdn`).
    package var cdnBase: String? = LiveCheckOptions.appleCDNBase
    /// How many domains are checked at once.
    package var maximumConcurrency = 8
    /// Which addresses may be reached.
    package var addressPolicy = AddressPolicy.any

    /// The defaults: 10 s, system roots, Apple's CDN, 8 at once, any address.
    package init() {}

    /// Reads the domains and the fetch options every live check takes (`--resolve`, `--timeout`,
    /// `--ca-file`), leaving the CDN at Apple's.
    ///
    /// - Throws: ``LiveCheckError`` for too many domains, or the first domain, entry, timeout or
    ///   CA file that is not usable.
    package static func parse(
        domains: [String],
        resolves: [String],
        timeout: String,
        caFile: String?
    ) throws(LiveCheckError) -> (domains: [CheckedDomain], options: LiveCheckOptions) {
        try LiveChecker.validate(domainCount: domains.count)
        var checked: [CheckedDomain] = []
        for domain in domains {
            checked.append(try CheckedDomain(domain))
        }
        var options = LiveCheckOptions()
        for entry in resolves {
            options.resolves.append(try ResolveEntry(entry))
        }
        options.timeout = try Self.timeout(seconds: timeout)
        if let caFile {
            options.extraTrustRoots = try trustRoots(pemFile: caFile)
        }
        return (checked, options)
    }

    /// Reads a `--timeout` value in seconds.
    ///
    /// - Throws: ``LiveCheckError`` `invalid-timeout` unless it is a number above 0 and at most
    ///   ``maximumTimeout``.
    package static func timeout(seconds text: String) throws(LiveCheckError) -> Duration {
        guard let seconds = Double(text), seconds > 0, seconds <= maximumTimeout else {
            throw LiveCheckError(.invalidTimeout, "--timeout takes seconds above 0 and at most \(Int(maximumTimeout)), not '\(text)'")
        }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// The CDN base from the environment (``cdnEnvironmentVariable``), or Apple's.
    ///
    /// - Throws: ``LiveCheckError`` `invalid-cdn-url` when the variable is set to anything but an
    ///   absolute http(s) URL without query or fragment.
    package static func cdnBase(environment: [String: String]) throws(LiveCheckError) -> String {
        guard let text = environment[cdnEnvironmentVariable], !text.isEmpty else { return appleCDNBase }
        guard let split = try? URLSplit(text), ["https", "http"].contains(split.scheme.lowercased()), !split.host.isEmpty,
            split.query == nil, split.fragment == nil
        else {
            throw LiveCheckError(.invalidCDNURL, "\(cdnEnvironmentVariable) must be an absolute https URL such as \(appleCDNBase), not '\(text)'")
        }
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// Reads the PEM certificates of a `--ca-file`.
    ///
    /// - Throws: ``LiveCheckError`` `invalid-ca-file` when the file cannot be read or holds no
    ///   PEM certificate.
    package static func trustRoots(pemFile path: String) throws(LiveCheckError) -> [NIOSSLCertificate] {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw LiveCheckError(.invalidCAFile, "cannot read the CA file \(path) (does it exist?)")
        }
        let certificates: [NIOSSLCertificate]
        do {
            certificates = try NIOSSLCertificate.fromPEMFile(path)
        } catch {
            throw LiveCheckError(.invalidCAFile, "the CA file \(path) is not PEM certificates: \(error)")
        }
        guard !certificates.isEmpty else {
            throw LiveCheckError(.invalidCAFile, "the CA file \(path) holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return certificates
    }
}
