import Foundation
import Roundtrip

/// A ledger folder of its own for one test, as the point of sale keeps one in Application
/// Support; the same folder and key open the same ledger again, as after a relaunch.
struct TemporaryLedger {
    /// The folder.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sample-apps-\(UUID().uuidString)", isDirectory: true)
    /// The sealing key, as the app keeps it in the Keychain.
    let key = Data(repeating: 0x5A, count: 32)

    /// A store over the folder: each call is a separate store, as each launch of the app makes.
    func open() -> FileLedgerStore {
        FileLedgerStore(directory: folder.path, keyData: key)
    }

    /// Removes the folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
