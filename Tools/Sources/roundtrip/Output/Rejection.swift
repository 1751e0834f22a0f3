import Roundtrip

/// Reports a reject the way every deciding command does: one JSON object with `--json`, else a
/// `rejected: …` line, then exit 1; and a store that cannot be used in the same shape, exit 2.
enum Rejection {
    static func report(_ error: RoundtripError, json: Bool) -> CommandFailure {
        if json {
            JSONOutput.print(RejectionJSON(error: ErrorJSON(error)))
        } else {
            print("rejected: \(error)")
        }
        return CommandFailure.rejected()
    }

    /// Reports a store that cannot be used, the ledger or the replay state (exit 2, like any
    /// unusable input): with `--json`, the one `{"accepted": false, "error": {...}}` object on
    /// stdout with the storage error's code (`unsafe-folder`, `ledger-rollback`, `damaged`…);
    /// else `error: <store> is unusable: <message>` on stderr.
    static func unusable(_ error: StorageError, store: String, json: Bool) -> CommandFailure {
        guard json else {
            return CommandFailure.usage("\(store) is unusable: \(error)")
        }
        JSONOutput.print(RejectionJSON(error: ErrorJSON(error)))
        return CommandFailure(exitCode: CommandFailure.usageCode, message: "")
    }
}
