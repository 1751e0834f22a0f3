import Foundation
import Roundtrip

/// Writes to a ledger in a loop until it is killed, printing each committed index on stdout.
///
/// Usage: `LedgerCrashChild DIR KEY`. The test kills it with SIGKILL at random moments and checks
/// the ledger always loads as the state before or after the write in flight.
@main
enum LedgerCrashChild {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 3 else {
            FileHandle.standardError.write(Data("usage: LedgerCrashChild DIR KEY\n".utf8))
            exit(2)
        }
        let store = FileLedgerStore(directory: arguments[1], keyData: Data(arguments[2].utf8))
        do {
            var index = try await store.read().entries.count
            let padding = Data(repeating: 0x61, count: 256)
            while true {
                let now = Date()
                try await store.record(
                    PendingRequest(
                        nonce: "n-\(index)",
                        partner: "Crash",
                        action: "charge",
                        convention: .returnURL,
                        callbacks: ["return": "crash-test://return?i=\(index)"],
                        createdAt: now,
                        expiresAt: now.addingTimeInterval(86_400),
                        continuation: padding
                    )
                )
                FileHandle.standardOutput.write(Data("\(index)\n".utf8))
                index += 1
            }
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
    }
}
