import Roundtrip

/// Why a live check cannot start: a domain, `--resolve` entry, timeout, CA file or CDN base that
/// is not usable, or (on a public server) a domain whose addresses are not public.
///
/// What goes wrong while checking a usable domain is never thrown: it is a finding of the
/// domain's report (a `LintFinding`), so one unreachable domain does not hide the others.
package struct LiveCheckError: CodedError, Hashable {
    /// The stable kebab-case codes.
    package enum Code: String, Sendable, Hashable {
        /// The domain argument is not a host name (`example.com`, `*.example.com`).
        case invalidDomain = "invalid-domain"
        /// A `--resolve` entry is not `DOMAIN:PORT:ADDRESS`.
        case invalidResolve = "invalid-resolve"
        /// The timeout is not a positive number of seconds within the limit.
        case invalidTimeout = "invalid-timeout"
        /// The CA file cannot be read or holds no PEM certificate.
        case invalidCAFile = "invalid-ca-file"
        /// The CDN base (`ROUNDTRIP_AASA_CDN_URL`) is not an absolute https or http URL.
        case invalidCDNURL = "invalid-cdn-url"
        /// More domains than one check takes.
        case tooManyDomains = "too-many-domains"
    }

    /// What kind of problem it is.
    package let code: Code
    /// What was wrong and how to fix it.
    package let message: String

    /// An error.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    package var description: String { "\(code.rawValue): \(message)" }
}
