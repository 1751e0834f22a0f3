/// The spec language, described once: every key a spec file may hold, where it may appear, the
/// kind of value it takes, what it means in one line and, for a parameter's keys, the types it
/// applies to, in the words the loader's errors use.
///
/// The loader (``SpecLoader``) reads keys by these names and enforces these limits; the JSON
/// Schema that `roundtrip spec schema` prints is built from it, and the key tables of the spec
/// file format reference are tested against it, so a key is described in one place and every
/// reader of the language learns it.
public enum SpecLanguage {
    /// Every key of the language, place by place (``SpecPlace/allCases``' order), each place's
    /// keys in their declaration order.
    public static let entries: [SpecKeyEntry] = SpecPlace.allCases.flatMap(entries(in:))

    /// The keys that may appear in `place`, in their declaration order.
    public static func entries(in place: SpecPlace) -> [SpecKeyEntry] {
        switch place {
        case .topLevel: TopLevelKey.allCases.map(\.entry)
        case .app: AppKey.allCases.map(\.entry)
        case .android: AndroidKey.allCases.map(\.entry)
        case .sources: SourcesKey.allCases.map(\.entry)
        case .signingKey: SigningKeyKey.allCases.map(\.entry)
        case .action: ActionKey.allCases.map(\.entry)
        case .answers: AnswersKey.allCases.map(\.entry)
        case .parameter: ParameterKey.unnamed.map(\.entry)
        case .namedValue: ([.valueName] + ParameterKey.unnamed).filter { $0.applies(to: .namedValue) }.map(\.entry)
        }
    }

    /// The most pairs an action's `select` may list: the loader refuses more (`invalid-value`),
    /// since checking that no URL selects two actions of one route costs time exponential in it.
    public static var maximumSelectPairs: Int { SelectionOverlaps.maximumPairs }

    /// The spellings of a parameter's `type`, in the order messages list them.
    public static let parameterTypeNames = ["string", "integer", "decimal", "boolean", "uuid", "url", "date", "json", "base64", "secret"]
}

/// Where a key may be written in a spec file.
public enum SpecPlace: String, Sendable, Hashable, CaseIterable {
    /// The top of the file.
    case topLevel = "top level"
    /// The `app` mapping.
    case app
    /// The `app.android` mapping: the Android app that verifies the same domains with App Links.
    case android = "app.android"
    /// A `sources` policy, at the top level or in an action.
    case sources
    /// An entry of `keys`.
    case signingKey = "keys entry"
    /// An entry of `actions`.
    case action
    /// An `answers` policy, at the top level or in an action.
    case answers
    /// A parameter named by its place: an entry of an action's `parameters` or `returns`.
    case parameter
    /// An action's `query-value` or `fragment`: a parameter with a `name`, never a list.
    case namedValue = "query-value or fragment"
}

/// The kind of value a key takes. The loader reads every single value as text, so a number or
/// a Boolean may also be written quoted.
public enum SpecValueKind: Sendable, Hashable {
    /// Any single value, read as text (free text, a pattern, a date format).
    case text
    /// A single value that may not be empty.
    case nonEmptyText
    /// `true` or `false`, in the spellings YAML 1.1 also reads as Booleans (`yes`, `off`…).
    case flag
    /// A whole number of at least `atLeast`.
    case wholeNumber(atLeast: Int)
    /// A number in the forms YAML 1.2's core schema writes (`12.50`, `-5`, `1e3`, `0x10`).
    case number
    /// One of `choices`; `defaultChoice` when the key is absent, if any.
    case choice([String], defaultChoice: String?)
    /// An environment variable's name: a letter or `_`, then letters, digits or `_`.
    case environmentName
    /// A value whose shape the spec file format reference describes in its own section (a
    /// mapping, a route, a list of outcomes…).
    case structure
}

/// The types a parameter's key applies to, in the words the loader's `type-mismatch` errors use.
public enum SpecKeyTypes: Sendable, Hashable {
    /// Every type.
    case every
    /// Only the types named (``SpecLanguage/parameterTypeNames`` spellings); `wording` is what
    /// the key applies to, such as `base64 parameters`.
    case only([String], wording: String)
    /// Every type but the types named; `wording` is what the key applies to.
    case allBut([String], wording: String)

    /// What the key applies to, in words for a message; `nil` for every type.
    public var wording: String? {
        switch self {
        case .every: nil
        case .only(_, let wording), .allBut(_, let wording): wording
        }
    }

    /// Whether the key applies to a parameter of the type spelled `typeName`.
    public func includes(_ typeName: String) -> Bool {
        switch self {
        case .every: true
        case .only(let names, _): names.contains(typeName)
        case .allBut(let names, _): !names.contains(typeName)
        }
    }
}

/// One key of the spec language: what the registry says of it.
public struct SpecKeyEntry: Sendable, Hashable {
    /// The key as a spec file spells it.
    public let name: String
    /// Where the key is written.
    public let place: SpecPlace
    /// The kind of value it takes.
    public let kind: SpecValueKind
    /// What the key means, in one line (the JSON Schema's `description`).
    public let summary: String
    /// Values as a spec writes them, for an editor's completion.
    public let examples: [String]
    /// For a parameter's key, the types it applies to; ``SpecKeyTypes/every`` elsewhere.
    public let types: SpecKeyTypes

    /// An entry; `types` is for a parameter's keys.
    public init(name: String, place: SpecPlace, kind: SpecValueKind, summary: String, examples: [String] = [], types: SpecKeyTypes = .every) {
        self.name = name
        self.place = place
        self.kind = kind
        self.summary = summary
        self.examples = examples
        self.types = types
    }
}
