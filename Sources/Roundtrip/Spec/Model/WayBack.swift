/// How a request says where to come back and how the answer is shaped, as data: the callbacks'
/// locations in the request and the answer's shape.
///
/// A `custom` action gives its own (the spec's `callback-parameters` and `answer`), in the
/// partner's own names; each of the other conventions is one fixed value of it, a preset
/// (``Action/wayBack``).
public struct WayBack: Sendable, Hashable {
    /// Where the request carries its callbacks, one entry per outcome (or one for every outcome),
    /// in the order the spec lists them.
    public var callbacks: [CallbackLocation]
    /// How the answer is written on the callback.
    public var answer: AnswerShape

    /// A way back.
    public init(callbacks: [CallbackLocation], answer: AnswerShape) {
        self.callbacks = callbacks
        self.answer = answer
    }

    /// The location of the callback reported under `key` (an outcome or ``CallbackLocation/everyOutcome``).
    public func callback(for key: String) -> CallbackLocation? {
        callbacks.first { $0.outcome == key }
    }
}

/// Where a request carries one callback URL: a query parameter, a member of a `json`
/// parameter, or a query parameter holding a URL template.
public struct CallbackLocation: Sendable, Hashable {
    /// The key of a callback that serves every outcome (`any` in a spec).
    public static let everyOutcome = "any"

    /// The outcome the callback answers, or ``everyOutcome``; the key it is reported under.
    /// A return-url action's preset uses ``ConventionNames/returnKey``, its reporting key.
    public var outcome: String
    /// Where the callback is.
    public var place: Place

    /// A callback location.
    public init(outcome: String, place: Place) {
        self.outcome = outcome
        self.place = place
    }

    /// Whether the one callback serves every outcome.
    public var servesEveryOutcome: Bool { outcome == Self.everyOutcome || outcome == ConventionNames.returnKey }

    /// Where in the request a callback URL is.
    public enum Place: Sendable, Hashable {
        /// A query parameter of this name holds the URL (`callbacksuccess`).
        case query(String)
        /// The string member at `pointer` of the `json` parameter `parameter` holds the URL.
        case jsonMember(parameter: String, pointer: JSONPointer)
        /// A query parameter of this name holds a URL with `{Name}` placeholders in its path and
        /// query, which the answering app fills with the answer's fields.
        case template(parameter: String)

        /// The query parameter that carries the callback (the `json` parameter for a member).
        public var parameter: String {
            switch self {
            case .query(let name), .template(let name): name
            case .jsonMember(let parameter, _): parameter
            }
        }

        /// Where the callback is, for a message: `'callbacksuccess'` or `'/callback_url' in 'data'`.
        public var described: String {
            switch self {
            case .query(let name), .template(let name): "'\(name)'"
            case .jsonMember(let parameter, let pointer): "'\(pointer.text)' in '\(parameter)'"
            }
        }
    }
}

/// How an answer is written on the callback URL.
public struct AnswerShape: Sendable, Hashable, Codable {
    /// The text before every answer field's name (`smp-`); empty for none. Echoed fields keep
    /// their own names.
    public var prefix: String
    /// The field that names the outcome, or `nil` when the callback itself tells the outcome
    /// (one callback per outcome).
    public var outcome: OutcomeField?
    /// Request parameters (or `json` members) the partner sends back as given, by name.
    public var echo: [String]
    /// How the fields travel.
    public var form: Form

    /// An answer shape; the default is query fields without a prefix.
    public init(prefix: String = "", outcome: OutcomeField? = nil, echo: [String] = [], form: Form = .query) {
        self.prefix = prefix
        self.outcome = outcome
        self.echo = echo
        self.form = form
    }

    /// How an answer's fields travel.
    public enum Form: Sendable, Hashable, Codable {
        /// Each field is a query parameter appended to the callback (the default).
        case query
        /// One query parameter of this name holds a JSON object of the fields (RFC 8259).
        case json(parameter: String)
        /// The callback is a URL template whose `{Name}` placeholders the fields fill.
        case template
        /// The callback is opened exactly as given, with nothing appended (a Universal Link
        /// Callback's answer).
        case unchanged
    }

    /// The field that names an answer's outcome, and the partner's words for each outcome.
    public struct OutcomeField: Sendable, Hashable, Codable {
        /// The field's name, without the prefix (`status`).
        public var name: String
        /// The partner's words by Roundtrip's outcome name, in the spec's order; the first word
        /// of each is the one an answer writes. An outcome not listed is written as its own name.
        public var values: [OutcomeWords]

        /// An outcome field.
        public init(name: String, values: [OutcomeWords] = []) {
            self.name = name
            self.values = values
        }

        /// The words that say `outcome`: the spec's, or the outcome's own name.
        public func words(for outcome: String) -> [String] {
            values.first { $0.outcome == outcome }?.words ?? [outcome]
        }

        /// The outcome a word in an answer says, among `outcomes`, or `nil` when the spec lists
        /// no such word.
        public func outcome(saidBy word: String, among outcomes: [String]) -> String? {
            outcomes.first { words(for: $0).contains(word) }
        }
    }

    /// One outcome's words in the partner's answer.
    public struct OutcomeWords: Sendable, Hashable, Codable {
        /// Roundtrip's outcome name (`error`).
        public var outcome: String
        /// The partner's words for it (`failed`), the one an answer writes first.
        public var words: [String]

        /// An outcome's words.
        public init(outcome: String, words: [String]) {
            self.outcome = outcome
            self.words = words
        }
    }
}
