import ArgumentParser
import Crypto
import Foundation
import Roundtrip

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The HMAC key that seals a command-line ledger.
///
/// From the environment variable `ROUNDTRIP_LEDGER_KEY` when set (its UTF-8 bytes, at least 16),
/// else from `ledger.key` in the ledger folder: 32 random bytes, base64url, created on first use
/// with permissions 0600 and refused when other users may read it.
enum LedgerKey {
    static let environmentVariable = "ROUNDTRIP_LEDGER_KEY"
    static let fileName = "ledger.key"

    /// Help text shared by the commands that take `--ledger`.
    static let help = """
        The ledger is sealed with an HMAC key: the value of \(environmentVariable) when set (at \
        least 16 bytes), else DIR/\(fileName), 32 random bytes created on first use with \
        permissions 0600 (refused when group or others may read it). With --generation-file \
        PATH the ledger's generation is also kept in PATH, outside the ledger folder, and a ledger \
        folder put back from an earlier copy is refused ('ledger-rollback'); keep PATH where \
        whoever can write or restore the ledger folder cannot.
        """

    /// Help of `--generation-file`, shared by the commands that take `--ledger`.
    static let generationFileHelp: ArgumentHelp =
        "A file outside the ledger folder that records the ledger's generation, so that an earlier copy of the ledger put back is refused."

    /// The ledger store in `directory`.
    ///
    /// - Parameters:
    ///   - create: Whether to create the folder and key file when missing.
    ///   - generationFile: Where to record the ledger's generation outside the folder
    ///     (``FileLedgerGenerationStore``), if anywhere.
    /// - Throws: ``CommandFailure`` when the generation file lies inside the ledger folder, where
    ///   restoring the folder would restore it too.
    static func store(_ directory: String, create: Bool, generationFile: String? = nil) throws -> FileLedgerStore {
        let generations = try generationFile.map { path in
            let folder = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
            let parent = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath().path
            guard parent != folder, !parent.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
                throw CommandFailure.usage(
                    "--generation-file \(path) is inside the ledger folder \(directory): an earlier copy of the folder would bring back its generation too; keep it elsewhere"
                )
            }
            return FileLedgerGenerationStore(path: path)
        }
        return FileLedgerStore(directory: directory, key: try key(for: directory, create: create), generations: generations)
    }

    /// - Throws: ``StorageError`` `unsafe-folder` when the folder is another user's or others may
    ///   write in it (checked before the key file is read); ``CommandFailure`` for a missing,
    ///   damaged or readable-by-others key.
    static func key(for directory: String, create: Bool) throws -> SymmetricKey {
        try FileLedgerStore.checkFolder(directory)
        if let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty {
            guard value.utf8.count >= 16 else {
                throw CommandFailure.usage("\(environmentVariable) must be at least 16 bytes long")
            }
            return SymmetricKey(data: Data(value.utf8))
        }
        let path = (directory as NSString).appendingPathComponent(fileName)
        if !FileManager.default.fileExists(atPath: path) {
            guard create else {
                throw CommandFailure.usage(
                    "\(directory) has no ledger key (\(fileName)) and \(environmentVariable) is not set: is this the folder 'request build --ledger' wrote?"
                )
            }
            try createKeyFile(path, directory: directory)
            // A folder that already existed may have been made by someone else.
            try FileLedgerStore.checkFolder(directory)
        }
        return try readKeyFile(path)
    }

    private static func createKeyFile(_ path: String, directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure.usage("cannot create the ledger folder \(directory): \(error.localizedDescription)")
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return }  // Another process created it first; read theirs.
            throw CommandFailure.usage("cannot create the ledger key \(path): \(String(cString: strerror(errno)))")
        }
        let text = Array((Nonce.make(byteCount: 32) + "\n").utf8)
        let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == text.count, synced == 0 else {
            unlink(path)
            throw CommandFailure.usage("cannot write the ledger key \(path)")
        }
    }

    private static func readKeyFile(_ path: String) throws -> SymmetricKey {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            throw CommandFailure.usage("the ledger key \(path) may be read by other users (mode \(String(mode, radix: 8))); run chmod 600 on it")
        }
        guard let data = FileManager.default.contents(atPath: path),
            let bytes = Base64URL.decode(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
            bytes.count >= 16
        else {
            throw CommandFailure.usage("the ledger key \(path) is unreadable or damaged (expected base64url of 32 bytes)")
        }
        return SymmetricKey(data: bytes)
    }
}
