/// Schemes whose URLs carry a secret by design and that any app may register: whoever receives
/// such a URL holds the secret.
///
/// The table is data: add a row, not code.
enum SecretBearingSchemes {
    /// One scheme: what its URLs carry, what a hijacker can do with it, and where it is specified.
    struct Entry: Sendable {
        /// What the URL carries, as the end of "its URLs carry …".
        let carries: String
        /// What an app that registers the scheme too receives and can do.
        let hijacker: String
        /// The format's specification.
        let source: String
    }

    /// The schemes, lowercased.
    static let entries: [String: Entry] = [
        "otpauth": Entry(
            carries: "a one-time-password seed (secret=…)",
            hijacker: "can generate the user's codes for as long as the account keeps that seed",
            source: "Google Authenticator's Key Uri Format"
        ),
        "otpauth-migration": Entry(
            carries: "every exported one-time-password seed of an authenticator",
            hijacker: "can generate the codes of every exported account",
            source: "Google Authenticator's export (otpauth-migration://offline?data=…)"
        ),
        "wc": Entry(
            carries: "a WalletConnect pairing topic and its symmetric key (symKey=…)",
            hijacker: "can join the pairing in the wallet's place and read or answer the dapp's requests",
            source: "WalletConnect's Pairing URI format"
        ),
    ]

    /// The entry of a scheme, if it is one of them.
    static func entry(for scheme: String) -> Entry? {
        entries[scheme.lowercased()]
    }
}
