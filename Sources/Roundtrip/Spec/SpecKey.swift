/// The keys of one kind of spec mapping (the top level, `app`, an action, a parameter…), each
/// known by its spelling in the file and by its position among the kind's keys.
protocol SpecKey: CaseIterable, Equatable where AllCases == [Self] {
    /// The key as a spec file spells it.
    var name: String { get }
    /// The key's position in ``allCases``, below ``SpecFields/capacity``.
    var ordinal: Int { get }
    /// Every key of the kind, by its spelling.
    static var byName: [String: Self] { get }
}

extension SpecKey {
    /// The table for ``byName``, made once by each kind.
    static func spellings() -> [String: Self] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
    }
}

extension SpecKey where Self: RawRepresentable, RawValue == Int {
    var ordinal: Int { rawValue }
}

/// The keys at the top of a spec.
enum TopLevelKey: Int, SpecKey {
    case roundtrip, app, callbacks, sources, signatures, keys, queryEncoding, actions

    static let byName = spellings()

    var name: String {
        switch self {
        case .roundtrip: "roundtrip"
        case .app: "app"
        case .callbacks: "callbacks"
        case .sources: "sources"
        case .signatures: "signatures"
        case .keys: "keys"
        case .queryEncoding: "query-encoding"
        case .actions: "actions"
        }
    }
}

/// The keys of `app`.
enum AppKey: Int, SpecKey {
    case name, appID, schemes, domains, description

    static let byName = spellings()

    var name: String {
        switch self {
        case .name: "name"
        case .appID: "app-id"
        case .schemes: "schemes"
        case .domains: "domains"
        case .description: "description"
        }
    }
}

/// The keys of a `sources` policy.
enum SourcesKey: Int, SpecKey {
    case allow, deny, unknown

    static let byName = spellings()

    var name: String {
        switch self {
        case .allow: "allow"
        case .deny: "deny"
        case .unknown: "unknown"
        }
    }
}

/// The keys of an entry of `keys`.
enum SigningKeyKey: Int, SpecKey {
    case algorithm, secretEnv, keychain, publicKey

    static let byName = spellings()

    var name: String {
        switch self {
        case .algorithm: "algorithm"
        case .secretEnv: "secret-env"
        case .keychain: "keychain"
        case .publicKey: "public-key"
        }
    }
}

/// The keys of an action.
enum ActionKey: Int, SpecKey {
    case url, convention, returnParameter, responsePrefix, outcomes, unknownParameters, parameters, queryValue, fragment
    case sources, signatures, returns, queryEncoding, description

    static let byName = spellings()

    var name: String {
        switch self {
        case .url: "url"
        case .convention: "convention"
        case .returnParameter: "return-parameter"
        case .responsePrefix: "response-prefix"
        case .outcomes: "outcomes"
        case .unknownParameters: "unknown-parameters"
        case .parameters: "parameters"
        case .queryValue: "query-value"
        case .fragment: "fragment"
        case .sources: "sources"
        case .signatures: "signatures"
        case .returns: "returns"
        case .queryEncoding: "query-encoding"
        case .description: "description"
        }
    }
}

/// The keys of a parameter's definition; only a `query-value` or `fragment` has a `name`.
enum ParameterKey: Int, SpecKey {
    case type, required, `default`, `enum`, pattern, minLength, maxLength, minimum, maximum, format
    case list, minItems, maxItems, multiline, allowEmpty, maxBytes, secretEnv, description, name

    static let byName = spellings()

    /// The keys of a parameter named by its place (a query parameter, a `returns` entry).
    static let unnamed = allCases.filter { $0 != .name }

    var name: String {
        switch self {
        case .type: "type"
        case .required: "required"
        case .default: "default"
        case .enum: "enum"
        case .pattern: "pattern"
        case .minLength: "min-length"
        case .maxLength: "max-length"
        case .minimum: "minimum"
        case .maximum: "maximum"
        case .format: "format"
        case .list: "list"
        case .minItems: "min-items"
        case .maxItems: "max-items"
        case .multiline: "multiline"
        case .allowEmpty: "allow-empty"
        case .maxBytes: "max-bytes"
        case .secretEnv: "secret-env"
        case .description: "description"
        case .name: "name"
        }
    }
}
