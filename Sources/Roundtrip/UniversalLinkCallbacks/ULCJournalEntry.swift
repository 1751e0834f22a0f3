import Foundation

/// One Universal Link Callback an app has received, kept durably until it is answered, so a
/// force-quit never loses it: the app must still answer a ULC when it was force-quit right after
/// the ULC arrived.
public struct ULCJournalEntry: Sendable, Codable, Hashable {
    /// Where the entry stands.
    public enum State: String, Sendable, Codable, Hashable {
        /// Received; the action has not completed yet.
        case pending
        /// Answered with ``ULCJournalEntry/outcome``.
        case answered
    }

    /// The request URL as received; a repeated ULC has the same URL.
    public let url: String
    /// The `ulc-success` URL.
    public let successURL: String
    /// The `ulc-error` URL.
    public let errorURL: String
    /// When the first copy arrived: the start of the 20-second budget.
    public let receivedAt: Date
    /// Pending or answered.
    public var state: State
    /// `success` or `error`, once answered.
    public var outcome: String?
    /// How many times the action ran.
    public var attempts: Int

    /// Creates a pending entry.
    public init(url: String, successURL: String, errorURL: String, receivedAt: Date) {
        self.url = url
        self.successURL = successURL
        self.errorURL = errorURL
        self.receivedAt = receivedAt
        state = .pending
        outcome = nil
        attempts = 0
    }
}

/// Durable storage for ``ULCJournalEntry`` values.
public protocol ULCJournal: Sendable {
    /// Every entry.
    func entries() async throws -> [ULCJournalEntry]
    /// Replaces every entry.
    func save(_ entries: [ULCJournalEntry]) async throws
}

/// A journal in memory. Keep one instance outside the app's lifetime (the simulator's app
/// "disk") to model a journal that survives a force-quit.
public actor InMemoryULCJournal: ULCJournal {
    private var stored: [ULCJournalEntry] = []

    /// Creates an empty journal.
    public init() {}

    /// Every entry.
    public func entries() -> [ULCJournalEntry] { stored }
    /// Replaces every entry.
    ///
    /// - Parameter entries: The new entries.
    public func save(_ entries: [ULCJournalEntry]) { stored = entries }
}

/// A journal in a JSON file, written atomically (temporary file, flushed to the disk, rename).
public actor FileULCJournal: ULCJournal {
    private let path: String
    /// The data protection class of the file (Apple platforms other than macOS).
    public let protection: FileProtection

    /// A journal at `path`; the file is created on the first save.
    ///
    /// - Parameters:
    ///   - path: The journal file.
    ///   - protection: The file's data protection class; by default one that lets a ULC be
    ///     journalled while the device is locked.
    public init(path: String, protection: FileProtection = .completeUntilFirstUserAuthentication) {
        self.path = path
        self.protection = protection
    }

    /// Every entry; none before the first save.
    ///
    /// - Throws: ``StorageError`` `damaged` when the file does not decode, or why it cannot be read.
    public func entries() throws -> [ULCJournalEntry] {
        guard let data = try AtomicFile.read(path) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            return try decoder.decode([ULCJournalEntry].self, from: data)
        } catch {
            throw StorageError(.damaged, path: path, operation: "read", reason: "the ULC journal is damaged: \(error)")
        }
    }

    /// Replaces every entry, atomically.
    ///
    /// - Parameter entries: The new entries.
    /// - Throws: ``StorageError`` when the file cannot be written.
    public func save(_ entries: [ULCJournalEntry]) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        try AtomicFile.write(try encoder.encode(entries), to: path, protection: protection)
    }
}
