/// A URL API description: what an app exposes to other apps over URLs, and on what terms.
///
/// A spec is loaded from YAML or JSON with ``SpecLoader`` and is immutable afterwards. It names
/// the app (its schemes and associated domains), the callback allow-list, who may call, whether
/// requests must be signed, and the actions with their routes, conventions and parameters.
///
/// ```yaml
/// roundtrip: 1
/// app: {name: Card Terminal, schemes: [com-example-terminal]}
/// actions:
///   charge:
///     url: com-example-terminal://charge/1.0.0/
///     convention: return-url
///     parameters:
///       amount: {type: decimal, required: true, minimum: 0.01}
/// ```
public struct Spec: Sendable {
    /// The spec format version (`roundtrip: 1`).
    public var formatVersion: Int
    /// The app that exposes the actions.
    public var app: AppDescription
    /// The callback allow-list; `nil` when the spec has no `callbacks` key.
    public var callbacks: [CallbackBase]?
    /// The app-wide source-application policy.
    public var sources: SourcePolicy
    /// The app-wide signature requirement.
    public var signatures: SignatureRequirement
    /// The keys that may sign requests to this app, by key id, in file order.
    public var keys: [SigningKeyDescription]
    /// How `+` in a query reads, for actions that do not say (top-level `query-encoding`).
    public var queryEncoding: QueryEncoding
    /// Whether the app signs its answers, for actions that do not say (top-level `answers`).
    public var answers: AnswerPolicy
    /// How the `callbacks` list is matched, for actions that do not say (top-level
    /// `callback-match`).
    public var callbackMatch: CallbackMatch
    /// Schemes the default callback policy forbids that callbacks may use all the same
    /// (top-level `allow-schemes`), lowercased; read only without a `callbacks` list. An
    /// action's own list replaces it.
    public var allowSchemes: [String]
    /// The actions, in file order.
    public var actions: [Action] {
        didSet { routerForActions = nil }
    }
    /// The router compiled from ``actions`` while loading (the loader compiles it to find
    /// conflicting routes), so that ``Endpoint`` does not compile it again; cleared whenever the
    /// actions change.
    var routerForActions: Router?

    /// Creates a spec in code (most apps load one with ``SpecLoader`` instead).
    public init(
        formatVersion: Int = 1,
        app: AppDescription,
        callbacks: [CallbackBase]? = nil,
        sources: SourcePolicy = SourcePolicy(),
        signatures: SignatureRequirement = .off,
        keys: [SigningKeyDescription] = [],
        queryEncoding: QueryEncoding = .rfc3986,
        actions: [Action],
        answers: AnswerPolicy = .off,
        callbackMatch: CallbackMatch = .base,
        allowSchemes: [String] = []
    ) {
        self.allowSchemes = allowSchemes
        self.answers = answers
        self.callbackMatch = callbackMatch
        self.formatVersion = formatVersion
        self.app = app
        self.callbacks = callbacks
        self.sources = sources
        self.signatures = signatures
        self.keys = keys
        self.queryEncoding = queryEncoding
        self.actions = actions
    }

    /// The action with this name.
    ///
    /// - Complexity: O(*n*) in the number of actions.
    public func action(named name: String) -> Action? {
        actions.first { $0.name == name }
    }

    /// The signing key with this id.
    public func key(id: String) -> SigningKeyDescription? {
        keys.first { $0.id == id }
    }
}

/// The app a spec describes.
public struct AppDescription: Sendable, Hashable {
    /// A display name.
    public var name: String
    /// `TEAMID.bundle-id`, when given.
    public var appID: String?
    /// The custom URL schemes the app registers (`CFBundleURLSchemes`).
    public var schemes: [String]
    /// The associated domains (`applinks:`) the app claims.
    public var domains: [String]
    /// Free text for generated documentation and code.
    public var description: String?
    /// The associated-domain services besides universal links that the app's domains offer it
    /// (`webcredentials`, `app-clip`).
    public var services: AppServices
    /// The Android app that opens the same https routes as App Links (`app.android`); `nil` when
    /// the spec describes none.
    public var android: AndroidApp?

    /// Creates an app description.
    public init(
        name: String,
        appID: String? = nil,
        schemes: [String] = [],
        domains: [String] = [],
        description: String? = nil,
        services: AppServices = AppServices(),
        android: AndroidApp? = nil
    ) {
        self.android = android
        self.name = name
        self.appID = appID
        self.schemes = schemes
        self.domains = domains
        self.description = description
        self.services = services
    }

    /// The bundle ID part of ``appID`` (everything after the team ID and the dot).
    public var bundleID: String? {
        guard let appID, let dot = appID.firstIndex(of: ".") else { return nil }
        return String(appID[appID.index(after: dot)...])
    }
}

/// One entry of the callback allow-list: `scheme://host/path`, matched exactly.
///
/// Scheme and host compare case-insensitively, the path exactly; any query is allowed and a
/// fragment never is. Under `callback-match: exact` the whole entry, its own query included, is
/// compared instead.
public struct CallbackBase: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, lowercased.
    public let scheme: String
    /// The host, lowercased (with `:port` when the entry has one).
    public let host: String
    /// The path, exactly as written.
    public let path: String
    /// ``description``'s UTF-8 bytes, and where its path starts in them: the hot path compares a
    /// callback URL's bytes against these.
    private let baseBytes: [UInt8]
    private let pathStart: Int
    /// The entry exactly as written, for `callback-match: exact`.
    private let writtenBytes: [UInt8]
    /// Whether the entry has a query of its own, so that `rt-state` follows it after `&`.
    let hasQuery: Bool

    /// Parses an allow-list entry.
    ///
    /// An entry may carry a query of its own (`journal://x-callback-url/done?entry=1`): under
    /// `callback-match: exact` the whole URL is compared (RFC 9700 section 4.1.3, exact string
    /// matching of redirect URIs); under `base` only its scheme, host and path count.
    ///
    /// - Throws: ``RoundtripError`` `malformed-url` when the entry is not `scheme://host/path`
    ///   and an optional query, without fragment or user-info.
    public init(_ text: String) throws(RoundtripError) {
        let split = try URLSplit(text)
        guard split.fragment == nil, split.userInfo == nil else {
            throw RoundtripError(
                .malformedURL,
                "a callback base is 'scheme://host/path', with or without a query, and no fragment or user-info; '\(text)' has more"
            )
        }
        hasQuery = split.query != nil
        scheme = split.scheme.lowercased()
        host = split.host.lowercased() + (split.port.map { ":" + $0 } ?? "")
        path = String(split.path)
        baseBytes = Array("\(scheme)://\(host)\(path)".utf8)
        pathStart = baseBytes.count - path.utf8.count
        writtenBytes = Array(text.utf8)
    }

    /// The entry exactly as the spec wrote it (what `callback-match: exact` compares with).
    public var text: String { String(decoding: writtenBytes, as: UTF8.self) }

    /// `scheme://host/path`.
    public var description: String { "\(scheme)://\(host)\(path)" }

    /// Whether a split callback URL has exactly this base.
    func matches(_ url: URLSplit) -> Bool {
        url.withBytes { bytes, offsets in matches(bytes, offsets) }
    }

    /// Whether the URL whose bytes ``URLSplit`` split into `offsets` is this entry byte for byte
    /// (`callback-match: exact`, RFC 9700 section 4.1.3): the entry as written, its own query
    /// included, then nothing, or `rt-state=` and a nonce as Roundtrip makes them
    /// (``Nonce/isWellFormed(_:)``: base64url of at least 16 bytes) after `?` (or after `&` when
    /// the entry has a query), and nothing else.
    func matchesExactly(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: URLSplit.Offsets) -> Bool {
        guard offsets.fragment == nil, bytes.count >= writtenBytes.count,
            UnsafeBufferPointer(rebasing: bytes[0..<writtenBytes.count]).elementsEqual(writtenBytes)
        else { return false }
        if bytes.count == writtenBytes.count { return true }
        let state = hasQuery ? Self.appendedState : Self.firstState
        let rest = UnsafeBufferPointer(rebasing: bytes[writtenBytes.count...])
        return rest.starts(with: state) && Nonce.isWellFormed(UnsafeBufferPointer(rebasing: rest[state.count...]))
    }

    /// `?rt-state=`, all an exactly matched callback adds to an entry without a query.
    private static let firstState = Array(("?" + ReservedNames.state + "=").utf8)
    /// `&rt-state=`, all it adds to an entry with a query of its own.
    private static let appendedState = Array(("&" + ReservedNames.state + "=").utf8)

    /// Whether the URL whose bytes ``URLSplit`` split into `offsets` has exactly this base: its
    /// bytes up to the end of the path are `scheme://host[:port]` ignoring ASCII case (both are
    /// ASCII after ``URLSplit``) followed by the path byte for byte.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: URLSplit.Offsets) -> Bool {
        guard offsets.hasAuthority, offsets.userInfo == nil, offsets.path.lowerBound == pathStart,
            offsets.path.upperBound == baseBytes.count
        else { return false }
        for index in 0..<pathStart where URLSplit.lowercased(bytes[index]) != baseBytes[index] { return false }
        for index in pathStart..<baseBytes.count where bytes[index] != baseBytes[index] { return false }
        return true
    }
}

/// Whether requests must carry a signature (`signatures:`).
public enum SignatureRequirement: String, Sendable, Hashable, CaseIterable {
    /// Signatures are neither required nor checked; `rt-` signature parameters are ignored.
    case off
    /// A signature is verified when present; unsigned requests are accepted.
    case optional
    /// Unsigned requests are rejected with `missing-signature`.
    case required
}

/// A key that may sign requests (`keys:`).
public struct SigningKeyDescription: Sendable, Hashable {
    /// The key id, sent as `rt-kid`.
    public var id: String
    /// The signature algorithm.
    public var algorithm: SignatureAlgorithm
    /// Where the key material comes from.
    public var material: KeyMaterial

    /// Creates a key description.
    public init(id: String, algorithm: SignatureAlgorithm, material: KeyMaterial) {
        self.id = id
        self.algorithm = algorithm
        self.material = material
    }
}

/// A request signature algorithm.
public enum SignatureAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// HMAC with SHA-256 over a shared secret.
    case hmacSHA256 = "hmac-sha256"
    /// Ed25519 (RFC 8032); the receiver holds only the public key.
    case ed25519
}

/// Where a key's material comes from.
public enum KeyMaterial: Sendable, Hashable {
    /// A shared secret read from this environment variable when the key is used.
    case secretEnvironment(String)
    /// A shared secret stored in the Keychain under this account (Apple platforms).
    case keychain(String)
    /// An Ed25519 public key: the raw 32 bytes.
    case publicKey([UInt8])
}
