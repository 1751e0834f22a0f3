import Foundation

/// A durable replay guard: the request ids it admitted, each with the time it may be forgotten,
/// in one JSON file, `replay.json`, in a folder of its own, shared safely by every process that
/// uses the folder (several `roundtrip request handle --state` commands, an app and its extension).
///
/// - **Exactly once, across processes.** Each admission reads the file afresh, decides and
///   rewrites it while holding an advisory `flock` on `replay.lock` (the tasks of this process
///   take turns first), the discipline of ``FileLedgerStore``: however many processes handle
///   the same signed request at once, one is admitted, and no admitted id is lost to a
///   concurrent write. The lock is never waited for without bound: after ``lockTimeout`` the
///   admission throws ``StorageError`` `lock-timeout`.
/// - **Durable before it answers.** The file is rewritten atomically (temporary file, flushed to
///   the disk, `rename`, folder flushed) before ``admit(requestID:until:now:)`` returns, so an
///   id admitted is never forgotten by a crash.
/// - **Bounded.** Ids whose time has passed are dropped on every admission: a signed request is
///   fresh for 300 s around its `rt-ts` (the endpoint's `signatureWindow`), so an id is kept at
///   most that long after its `rt-ts`, and no longer needed once a replay would be `expired`. At
///   most ``capacity`` unexpired ids are kept; when that many are, new requests are refused
///   (`replayed`, saying the store is full) until the oldest expire, never by forgetting an
///   unexpired id, which would let its request be replayed.
/// - **Only in a folder no other user can tamper with.** Before anything in the folder is
///   opened, a folder that belongs to another user, or in which its group or other users may
///   write, is refused with ``StorageError`` `unsafe-folder` (see
///   ``FileLedgerStore/checkFolder(_:)``): whoever may write the file may erase ids and replay
///   their requests.
///
/// Each admission reads and rewrites the whole file: it suits a command-line tool, or an app
/// whose extension shares the guard, at a few requests per second. An app alone, with many
/// requests per second, keeps an ``InMemoryReplayGuard`` for the process's lifetime instead.
///
/// ```swift
/// let replayGuard = FileReplayGuard(directory: appGroupFolder.appending(path: "Replay").path)
/// ```
public actor FileReplayGuard: ReplayGuard {
    /// The folder that holds `replay.json` and `replay.lock`.
    public let directory: String
    /// The file of admitted ids.
    public let path: String
    /// The most unexpired ids kept; past it new ids are refused rather than live ones forgotten.
    public let capacity: Int
    /// The data protection class of the folder and the file (Apple platforms other than macOS).
    public let protection: FileProtection
    /// The longest wait, in seconds, for another process to release `replay.lock`.
    public let lockTimeout: TimeInterval
    private let folder: StoreFolder

    /// Opens (or creates on the first admission) `replay.json` in a folder.
    ///
    /// - Parameters:
    ///   - directory: A folder for the guard alone.
    ///   - capacity: The most unexpired ids kept (default 100,000: up to about 16 MB with 128-character
    ///     ids, rewritten on every admission).
    ///   - protection: The data protection class of the folder and the file; by default one that
    ///     lets a request be admitted while the device is locked.
    ///   - lockTimeout: The longest wait, in seconds, for another process sharing the folder to
    ///     release the lock (default 2).
    public init(
        directory: String,
        capacity: Int = 100_000,
        protection: FileProtection = .completeUntilFirstUserAuthentication,
        lockTimeout: TimeInterval = 2
    ) {
        self.directory = directory
        path = (directory as NSString).appendingPathComponent("replay.json")
        self.capacity = capacity
        self.protection = protection
        self.lockTimeout = lockTimeout
        folder = StoreFolder(directory: directory, fileName: "replay.json", lockName: "replay.lock", protection: protection, lockTimeout: lockTimeout)
    }

    /// Admits a request id once: refuses an id already admitted and still unexpired.
    ///
    /// Nothing is written when the id is refused.
    ///
    /// - Parameters:
    ///   - requestID: The request's id (Roundtrip passes `keyID/rt-id`).
    ///   - until: When the id may be forgotten.
    ///   - now: The current time; ids whose `until` is before it are dropped.
    /// - Throws: ``RoundtripError`` `replayed` for an id already admitted, or when ``capacity``
    ///   unexpired ids are held. ``StorageError`` when the guard cannot decide, and the request
    ///   must be refused: `unsafe-folder`, `damaged` (the file does not decode), `lock-timeout`,
    ///   `cancelled`, `protected-data-unavailable`, `permission-denied`, `io-error`.
    /// - Complexity: O(*n*) in the ids held, read, decoded, encoded and written once.
    public func admit(requestID: String, until: Date, now: Date) async throws {
        let outcome = try await folder.update { () throws(StorageError) -> Result<Void, RoundtripError> in
            var seen = try load()
            let nowSeconds = now.timeIntervalSince1970
            if let expiry = seen[requestID], expiry >= nowSeconds {
                return .failure(
                    RoundtripError(
                        .replayed,
                        "the request id '\(requestID)' was already accepted; each signed request is accepted once",
                        parameter: ReservedNames.requestID
                    )
                )
            }
            seen = seen.filter { $0.value >= nowSeconds }
            guard seen.count < capacity else {
                return .failure(
                    RoundtripError(
                        .replayed,
                        "the replay store \(path) holds \(seen.count) unexpired request ids, its capacity; refusing new signed requests until the oldest expire, rather than forgetting one",
                        parameter: ReservedNames.requestID
                    )
                )
            }
            seen[requestID] = until.timeIntervalSince1970
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let data: Data
            do {
                data = try encoder.encode(seen)
            } catch {
                throw StorageError(.encodingFailed, path: path, operation: "encode", reason: "\(error)")
            }
            try AtomicFile.write(data, to: path, protection: protection)
            return .success(())
        }
        try outcome.get()
    }

    /// The admitted ids and when each may be forgotten (seconds since 1970); empty without a file.
    private func load() throws(StorageError) -> [String: Double] {
        guard let data = try AtomicFile.read(path) else { return [:] }
        do {
            return try JSONDecoder().decode([String: Double].self, from: data)
        } catch {
            throw StorageError(
                .damaged,
                path: path,
                operation: "decode",
                reason:
                    "the replay store is not a JSON object of request ids and expiry times (\(error)); refusing signed requests until it is repaired or removed"
            )
        }
    }
}
