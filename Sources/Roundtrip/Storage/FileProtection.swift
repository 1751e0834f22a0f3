import Foundation

/// The data protection class of a file store's files: when, on an Apple device with a passcode,
/// the system lets the app open them.
///
/// A platform-neutral value: on iOS, iPadOS, tvOS, watchOS and visionOS it maps to Foundation's
/// `FileProtectionType` (Apple's Foundation reference, "FileProtectionType"; every class used
/// here is available since iOS 4/5, so on every OS this package supports) and is set with
/// `FileManager.setAttributes([.protectionKey: …])` ("FileAttributeKey.protectionKey", iOS 4+).
/// Elsewhere (macOS, Linux) setting it does nothing. Apple's article "Encrypting Your App's
/// Files" describes the four classes.
public struct FileProtection: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The class's name, as in `FileProtectionType`: `none`, `complete`, `completeUnlessOpen`,
    /// `completeUntilFirstUserAuthentication`.
    public let rawValue: String

    /// Creates a class from its name.
    ///
    /// - Parameter rawValue: One of the four class names.
    public init?(rawValue: String) {
        guard Self.all.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    private init(name: String) { rawValue = name }

    /// The name.
    public var description: String { rawValue }

    /// No protection: the file can always be opened.
    public static let none = FileProtection(name: "none")
    /// The file can be opened only while the device is unlocked.
    public static let complete = FileProtection(name: "complete")
    /// The file can be opened only while the device is unlocked; a file already open stays usable,
    /// and new files can be created while the device is locked.
    public static let completeUnlessOpen = FileProtection(name: "completeUnlessOpen")
    /// The file can be opened once the user has unlocked the device after a restart, and stays
    /// usable while the device is locked: what background work (a callback arriving while the
    /// screen is locked) needs. The default of file stores, and the system's default class.
    public static let completeUntilFirstUserAuthentication = FileProtection(name: "completeUntilFirstUserAuthentication")

    /// Every class.
    public static let all: [FileProtection] = [.none, .complete, .completeUnlessOpen, .completeUntilFirstUserAuthentication]

    /// Why a file of this class cannot be opened now, when `EPERM`/`EACCES` comes from the device
    /// being locked; `nil` for `none`, which the lock never closes.
    var lockedExplanation: String? {
        switch self {
        case .complete:
            "the device is locked, and files of data protection class 'complete' cannot be opened until the user unlocks it"
        case .completeUnlessOpen:
            "the device is locked, and existing files of data protection class 'completeUnlessOpen' cannot be opened until the user unlocks it"
        case .completeUntilFirstUserAuthentication:
            "the device has not been unlocked since it restarted, and files of data protection class 'completeUntilFirstUserAuthentication' cannot be opened until the user unlocks it once"
        default:
            nil
        }
    }
}

#if canImport(Darwin)
extension FileProtection {
    /// The Foundation class.
    var fileProtectionType: FileProtectionType {
        switch self {
        case .complete: .complete
        case .completeUnlessOpen: .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
        default: .none
        }
    }

    /// The class of a Foundation value, or `nil` for a class this type does not know.
    init?(_ type: FileProtectionType) {
        switch type {
        case .complete: self = .complete
        case .completeUnlessOpen: self = .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: self = .completeUntilFirstUserAuthentication
        case .none: self = .none
        default: return nil
        }
    }
}
#endif

extension FileProtection {
    /// Whether this platform has data protection classes a file store sets: iOS, iPadOS, tvOS,
    /// watchOS and visionOS. On macOS (including Mac Catalyst) and Linux, ``apply(to:)`` does nothing.
    static var isSupported: Bool {
        #if (os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)) && !targetEnvironment(macCatalyst)
        true
        #else
        false
        #endif
    }

    /// Gives a file or folder this class (Apple's "Encrypting Your App's Files": an existing
    /// file's class is changed through its attributes; files created in a folder take the folder's).
    ///
    /// - Parameter path: The file or folder.
    /// - Throws: ``StorageError`` `protection-failed` when the system refuses.
    func apply(to path: String) throws(StorageError) {
        #if (os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)) && !targetEnvironment(macCatalyst)
        do {
            try FileManager.default.setAttributes([.protectionKey: fileProtectionType], ofItemAtPath: path)
        } catch {
            throw StorageError(
                .protectionFailed,
                path: path,
                operation: "protect",
                reason: "the data protection class '\(rawValue)' could not be set: \(error.localizedDescription)"
            )
        }
        #endif
    }

    /// The class of a file, or of the folder it would be created in when it does not exist, or
    /// `fallback` when the system does not say; `nil` where there are no classes, so that a
    /// refused open there is reported as a permission problem and never as a locked device.
    ///
    /// Only where ``isSupported``: macOS reports a class too (Apple Platform Security, "Data
    /// Protection classes": on a Mac with Apple silicon every file is class C,
    /// `completeUntilFirstUserAuthentication`, by default), but a Mac is not locked the way a
    /// phone is, so there an `EACCES` or a sandbox's `EPERM` means no permission, never a locked
    /// device.
    static func current(of path: String, otherwise fallback: FileProtection? = nil) -> FileProtection? {
        #if (os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)) && !targetEnvironment(macCatalyst)
        for candidate in [path, (path as NSString).deletingLastPathComponent] where !candidate.isEmpty {
            if let attributes = try? FileManager.default.attributesOfItem(atPath: candidate),
                let type = attributes[.protectionKey] as? FileProtectionType
            {
                return FileProtection(type)
            }
        }
        return fallback
        #else
        return nil
        #endif
    }
}
