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

    private var storage: Storage

    /// The callbacks the policy refused and the action dropped (`invalid-callback: drop`), in
    /// the order the request carried them; empty (and never allocated) for most requests.
    var dropped: [DroppedCallback]

    /// No callbacks.
    static let none = RequestCallbacks(storage: .none)

    private init(storage: Storage) {
        self.storage = storage
        dropped = []
    }

    /// One callback, under `key`.
    init(key: String, url: String) {
        storage = .one(key: key, url: url)
        dropped = []
    }

    /// The callbacks of a dictionary.
    init(_ callbacks: [String: String]) {
        dropped = []
        switch callbacks.count {
        case 0: storage = .none
        case 1: storage = .one(key: callbacks.first!.key, url: callbacks.first!.value)
        default: storage = .several(callbacks)
        }
    }

    /// Sets the callback for `key`, replacing one already under it. A dictionary is made only
    /// once a second key comes: a request that carries one callback allocates nothing for it.
    mutating func set(_ url: String, for key: String) {
        switch storage {
        case .none:
            storage = .one(key: key, url: url)
        case .one(let own, let existing):
            storage = own == key ? .one(key: key, url: url) : .several([own: existing, key: url])
        case .several(var callbacks):
            // Released from the storage first, so the dictionary is not copied to be changed.
            storage = .none
            callbacks[key] = url
            storage = .several(callbacks)
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

/// A callback the callback policy refused and the action dropped (`invalid-callback: drop`): the
/// request was accepted without it, and no answer goes to it.
public struct DroppedCallback: Sendable, Hashable {
    /// The outcome it would have answered (`success`, `error`, `cancel`), or `any` for a custom
    /// action's callback of every outcome: the key it would have had in ``AcceptedRequest/callbacks``.
    public let key: String
    /// Why the policy refused it: `forbidden-callback` or `reserved-parameter`, naming the
    /// request parameter that carried it, as the refusal would have.
    public let refusal: RoundtripError

    /// Creates a dropped callback.
    public init(key: String, refusal: RoundtripError) {
        self.key = key
        self.refusal = refusal
    }
}

extension CallbackPolicy {
    /// Runs one callback's `check`, the single place `invalid-callback: drop` is applied: when
    /// the check refuses the callback, the action drops refused callbacks and `key` is not one
    /// of its `required-callbacks`, the refusal is added to `dropped` instead of thrown.
    ///
    /// - Returns: Whether the callback passed, so that the caller keeps it.
    static func admit(
        _ key: String,
        of action: Action,
        dropping dropped: inout [DroppedCallback],
        _ check: () throws(RoundtripError) -> Void
    ) throws(RoundtripError) -> Bool {
        do {
            try check()
            return true
        } catch {
            guard action.invalidCallback == .drop, !action.requiredCallbacks.contains(key) else { throw error }
            dropped.append(DroppedCallback(key: key, refusal: error))
            return false
        }
    }
}
