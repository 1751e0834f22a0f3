/// The keys of one kind of spec mapping (the top level, `app`, an action, a parameter…), each
/// known by its spelling in the file and by its position among the kind's keys.
protocol SpecKey: CaseIterable, Equatable, Sendable where AllCases == [Self] {
    /// The key as a spec file spells it.
    var name: String { get }
    /// The key's position in ``allCases``, below ``SpecFields/capacity``.
    var ordinal: Int { get }
    /// Every key of the kind, by its spelling.
    static var byName: SpecKeyTable<Self> { get }
    /// What the spec language says of the key (``SpecLanguage``).
    var entry: SpecKeyEntry { get }
}

extension SpecKey {
    /// The table for ``byName``, made once by each kind.
    static func spellings() -> SpecKeyTable<Self> {
        SpecKeyTable()
    }
}

/// Every key of one kind by its spelling, looked up without hashing the whole text: a spelling's
/// length and its first two bytes choose a slot, and the key there (or in a following slot) is
/// confirmed by comparing spellings. Every mapping member of a spec is looked up here.
struct SpecKeyTable<Key: SpecKey>: Sendable {
    /// Room for every kind's keys with most slots empty, so that few lookups probe twice.
    private static var slotCount: Int { 64 }

    private var slots: [Key?]

    /// The table of every key of the kind.
    init() {
        slots = Array(repeating: nil, count: Self.slotCount)
        for key in Key.allCases {
            var slot = Self.slot(of: key.name)
            while slots[slot] != nil { slot = (slot + 1) % Self.slotCount }
            slots[slot] = key
        }
    }

    /// The key spelled `name`, or `nil` when the kind has none.
    subscript(name: String) -> Key? {
        var slot = Self.slot(of: name)
        // A kind has fewer keys than slots, so an empty slot always ends the search.
        while let key = slots[slot] {
            if key.name == name { return key }
            slot = (slot + 1) % Self.slotCount
        }
        return nil
    }

    private static func slot(of name: String) -> Int {
        // In place where the text is contiguous (always, for a native string): the view's
        // iterator costs more than the rest of a lookup, which every key of a spec makes.
        name.utf8.withContiguousStorageIfAvailable { bytes in
            slot(first: bytes.first ?? 0, second: bytes.count > 1 ? bytes[1] : 0, count: bytes.count)
        } ?? slot(first: name.utf8.first ?? 0, second: name.utf8.dropFirst().first ?? 0, count: name.utf8.count)
    }

    private static func slot(first: UInt8, second: UInt8, count: Int) -> Int {
        (Int(first) &* 31 &+ Int(second) &* 7 &+ count &* 13) % slotCount
    }
}

extension SpecKey where Self: RawRepresentable, RawValue == Int {
    var ordinal: Int { rawValue }
}

/// The keys at the top of a spec. Part of the spec language's description (``SpecLanguage``).
public enum TopLevelKey: Int, SpecKey {
    case roundtrip, app, callbacks, sources, signatures, keys, queryEncoding, actions
    case answers, callbackMatch, allowSchemes, names

    static let byName = spellings()

    /// The key as a spec file spells it.
    public var name: String {
        switch self {
        case .roundtrip: "roundtrip"
        case .app: "app"
        case .callbacks: "callbacks"
        case .sources: "sources"
        case .signatures: "signatures"
        case .keys: "keys"
        case .queryEncoding: "query-encoding"
        case .actions: "actions"
        case .answers: "answers"
        case .callbackMatch: "callback-match"
        case .allowSchemes: "allow-schemes"
        case .names: "names"
        }
    }
}

/// The keys of `app`. Part of the spec language's description (``SpecLanguage``).
public enum AppKey: Int, SpecKey {
    case name, appID, schemes, domains, description, webCredentials, appClip, android

    static let byName = spellings()

    /// The key as a spec file spells it.
    public var name: String {
        switch self {
        case .name: "name"
        case .appID: "app-id"
        case .schemes: "schemes"
        case .domains: "domains"
        case .description: "description"
        case .webCredentials: "webcredentials"
        case .appClip: "app-clip"
        case .android: "android"
        }
    }
}

/// The keys of `app.android`. Part of the spec language's description (``SpecLanguage``).
public enum AndroidKey: Int, SpecKey {
    case package, packages, certificateFingerprints, loginCredentials, dynamicRules

    static let byName = spellings()

    /// The key as a spec file spells it.
    public var name: String {
        switch self {
        case .package: "package"
        case .packages: "packages"
        case .certificateFingerprints: "sha256-cert-fingerprints"
        case .loginCredentials: "login-credentials"
        case .dynamicRules: "dynamic-rules"
        }
    }
}

/// The keys of a `sources` policy. Part of the spec language's description (``SpecLanguage``).
public enum SourcesKey: Int, SpecKey {
    case allow, deny, unknown

    static let byName = spellings()

    /// The key as a spec file spells it.
    public var name: String {
        switch self {
        case .allow: "allow"
        case .deny: "deny"
        case .unknown: "unknown"
        }
    }
}

/// The keys of an entry of `keys`. Part of the spec language's description (``SpecLanguage``).
public enum SigningKeyKey: Int, SpecKey {
    case algorithm, secretEnv, keychain, publicKey

    static let byName = spellings()

    /// The key as a spec file spells it.
    public var name: String {
        switch self {
        case .algorithm: "algorithm"
        case .secretEnv: "secret-env"
        case .keychain: "keychain"
        case .publicKey: "public-key"
        }
    }
}

/// The keys of an `answers` policy (app or action level). Part of the spec language's
/// description (``SpecLanguage``).
public enum AnswersKey: Int, SpecKey {
    case signatures, key

    static let byName = spellings()

    /// The key as a spec file spells it.
    public var name: String {
        switch self {
        case .signatures: "signatures"
        case .key: "key"
        }
    }
}
