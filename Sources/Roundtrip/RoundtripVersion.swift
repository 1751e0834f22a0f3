/// The version of Roundtrip, the one place it is written.
///
/// The version follows Semantic Versioning 2.0.0 (semver.org); while the major version is 0 a
/// minor version may change the public API. `CHANGELOG.md` at the repository's root lists what
/// each version changed. The command line prints it (`roundtrip --version`), the server sends it
/// in its `Server` response header (RFC 9110, section 10.2.4: a product token and its version,
/// `Roundtrip/0.4.0`), and generated Swift names it in its first line, so a generated file says
/// which generator wrote it.
public enum RoundtripVersion {
    /// The version of this release, `MAJOR.MINOR.PATCH`.
    public static let current = "0.4.0"

    /// The product token of RFC 9110, section 10.2.4 (`Server`, `User-Agent`): `Roundtrip/` and
    /// ``current``.
    public static var productToken: String { "Roundtrip/\(current)" }
}
