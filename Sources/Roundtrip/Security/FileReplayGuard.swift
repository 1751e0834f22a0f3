import Foundation

/// A durable replay guard: seen request ids in a JSON file, rewritten atomically on every admit,
/// expired ids dropped, bounded in size. Suits a command-line tool or a single process; an app
/// with many requests per second keeps an ``InMemoryReplayGuard`` per process lifetime instead.
public actor FileReplayGuard: ReplayGuard {
    private let path: String
    /// The most live ids kept; past it new ids are refused rather than live ones forgotten.
    public let capacity: Int

    /// The data protection class of the folder and the file (Apple platforms other than macOS).
    public let protection: FileProtection

    /// Opens (or creates on first admit) `replay.json` in a folder.
    ///
    /// - Parameters:
    ///   - directory: The folder.
    ///   - capacity: The most live ids kept.
    ///   - protection: The data protection class of the folder and the file; by default one that
    ///     lets a request be admitted while the device is locked.
    public init(directory: String, capacity: Int = 100_000, protection: FileProtection = .completeUntilFirstUserAuthentication) {
        path = (directory as NSString).appendingPathComponent("replay.json")
        self.capacity = capacity
        self.directory = directory
        self.protection = protection
    }

    private let directory: String

    /// Admits a request id once: refuses an id already admitted and still live.
    ///
    /// - Parameters:
    ///   - requestID: The request's `rt-id`.
    ///   - until: When the id may be forgotten.
    ///   - now: The current time.
    /// - Throws: ``RoundtripError`` `replayed` for a repeated id, a full store, or a store that
    ///   cannot be read or written (refusing rather than risking a replay).
    public func admit(requestID: String, until: Date, now: Date) throws(RoundtripError) {
        var seen: [String: Double]
        do {
            if let data = try AtomicFile.read(path) {
                guard let decoded = try? JSONDecoder().decode([String: Double].self, from: data) else {
                    throw RoundtripError(.replayed, "the replay store \(path) is damaged; refusing signed requests until it is repaired or removed")
                }
                seen = decoded
            } else {
                seen = [:]
            }
        } catch let error as RoundtripError {
            throw error
        } catch {
            throw RoundtripError(.replayed, "the replay store cannot be read: \(error)")
        }
        let nowSeconds = now.timeIntervalSince1970
        if let expiry = seen[requestID], expiry >= nowSeconds {
            throw RoundtripError(
                .replayed,
                "the request id '\(requestID)' was already accepted; each signed request is accepted once",
                parameter: ReservedNames.requestID
            )
        }
        seen = seen.filter { $0.value >= nowSeconds }
        guard seen.count < capacity else {
            throw RoundtripError(
                .replayed,
                "the replay store holds \(capacity) live request ids; refusing rather than forgetting",
                parameter: ReservedNames.requestID
            )
        }
        seen[requestID] = until.timeIntervalSince1970
        do {
            try AtomicFile.ensureDirectory(directory, protection: protection)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            try AtomicFile.write(try encoder.encode(seen), to: path, protection: protection)
        } catch let error as StorageError {
            throw RoundtripError(.replayed, "the replay store cannot be written (\(error)); refusing rather than risking a replay")
        } catch {
            throw RoundtripError(.replayed, "the replay store cannot be written: \(error)")
        }
    }
}
