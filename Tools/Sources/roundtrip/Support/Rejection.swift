import Roundtrip

/// Reports a reject the way every deciding command does: one JSON object with `--json`, else a
/// `rejected: …` line, then exit 1.
enum Rejection {
    static func report(_ error: RoundtripError, json: Bool) -> CommandFailure {
        if json {
            JSONOutput.print(RejectionJSON(error: ErrorJSON(error)))
        } else {
            print("rejected: \(error)")
        }
        return CommandFailure.rejected()
    }
}
