import Foundation
import Roundtrip
import RoundtripYAML

/// Handles one signed request against a replay-state folder, as `roundtrip request handle
/// --state` does, so a test can run many at once as separate processes.
///
/// Usage: `ReplayGuardChild SPEC STATE_DIR NOW URL`, with the secret of the spec's HMAC key in the
/// environment variable the spec names. It loads the spec, prints `ready`, waits for one line on
/// stdin (so the test can release every child at the same moment), handles the URL at `NOW`
/// (Unix seconds) and prints `accepted` (exit 0), `rejected <code>` (exit 1) or
/// `unusable <code>: <message>` for a storage error (exit 2).
@main
enum ReplayGuardChild {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 5, let now = Double(arguments[3]) else {
            finish("usage: ReplayGuardChild SPEC STATE_DIR NOW URL", status: 2)
        }
        let endpoint: Endpoint
        do {
            endpoint = try Endpoint(spec: try SpecLoader.load(contentsOf: arguments[1]).spec, keys: EnvironmentKeyResolver())
        } catch {
            finish("unusable spec: \(error)", status: 2)
        }
        say("ready")
        _ = readLine()
        // A generous lock timeout: the test counts admissions, and a loaded machine must not turn
        // a wait into a refusal.
        let replayGuard = FileReplayGuard(directory: arguments[2], lockTimeout: 120)
        do {
            _ = try await endpoint.handle(arguments[4], now: Date(timeIntervalSince1970: now), replayGuard: replayGuard)
            finish("accepted", status: 0)
        } catch let error as RoundtripError {
            finish("rejected \(error.code)", status: 1)
        } catch let error as StorageError {
            finish("unusable \(error.code): \(error.message)", status: 2)
        } catch {
            finish("failed: \(error)", status: 3)
        }
    }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func finish(_ line: String, status: Int32) -> Never {
        say(line)
        exit(status)
    }
}
