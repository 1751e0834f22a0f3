/// The callback URLs of an accepted request, by outcome (a return-url action's single one under
/// `return`).
///
/// A return-url request has exactly one callback and a request of convention `none` has none:
/// those are held without a dictionary, so deciding such a request allocates and hashes nothing
/// for its callbacks. ``AcceptedRequest/callbacks`` shows them as a dictionary.
struct RequestCallbacks: Sendable {
    private enum Storage: Sendable {
        case none
        case one(key: String, url: String)
        case several([String: String])
    }

    private let storage: Storage

    /// No callbacks.
    static let none = RequestCallbacks(storage: .none)

    private init(storage: Storage) { self.storage = storage }

    /// One callback, under `key`.
    init(key: String, url: String) { storage = .one(key: key, url: url) }

    /// The callbacks of a dictionary.
    init(_ callbacks: [String: String]) {
        switch callbacks.count {
        case 0: storage = .none
        case 1: storage = .one(key: callbacks.first!.key, url: callbacks.first!.value)
        default: storage = .several(callbacks)
        }
    }

    /// The callback URL for `key`.
    subscript(key: String) -> String? {
        switch storage {
        case .none: nil
        case .one(let own, let url): own == key ? url : nil
        case .several(let callbacks): callbacks[key]
        }
    }

    /// The callbacks as a dictionary.
    var dictionary: [String: String] {
        switch storage {
        case .none: [:]
        case .one(let key, let url): [key: url]
        case .several(let callbacks): callbacks
        }
    }
}
