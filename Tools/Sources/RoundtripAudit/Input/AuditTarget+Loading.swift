import Foundation

extension AuditTarget {
    /// Reads an input and works out what it is: an `.ipa` (any zip file), an `.app` folder, or a
    /// loose Info.plist or entitlements plist (XML or binary, told apart by their keys).
    ///
    /// - Parameters:
    ///   - path: The file or folder.
    ///   - entitlementsPath: An entitlements plist to use for the main app, replacing any found in
    ///     the bundle (for auditing a source tree's Info.plist with its `.entitlements` file).
    ///   - limits: Read limits.
    /// - Returns: The target.
    /// - Throws: ``AuditError`` when the input cannot be read; never crashes on hostile input.
    /// - Complexity: O(*n*) in the total length of the archive's entry names, plus the bytes of the
    ///   plists read.
    package static func load(path: String, entitlementsPath: String? = nil, limits: AuditLimits = AuditLimits()) throws(AuditError) -> AuditTarget {
        var target = try loadWithoutOverride(path: path, limits: limits)
        if let entitlementsPath {
            let data = try DirectoryFiles.read(entitlementsPath, limit: limits.maximumFileBytes)
            target.app.entitlements = try PropertyListValue.decodeDictionary(data, path: entitlementsPath)
            target.app.entitlementsPath = entitlementsPath
        }
        return target
    }

    private static func loadWithoutOverride(path: String, limits: AuditLimits) throws(AuditError) -> AuditTarget {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AuditError(.unreadable, "no such file or folder", path: path)
        }
        if isDirectory.boolValue {
            let files = DirectoryFiles(root: URL(fileURLWithPath: path))
            guard path.hasSuffix(".app") || path.hasSuffix(".app/") || files.items(in: "").contains(where: { $0.name == "Info.plist" }) else {
                throw AuditError(.unsupportedInput, "a folder that is neither an .app bundle nor holds an Info.plist", path: path)
            }
            return AuditTarget(path: path, kind: .appBundle, reading: try files.readApp(root: "", display: path, limits: limits))
        }
        if path.lowercased().hasSuffix(".ipa") || isZip(path) {
            return try loadArchive(path: path, limits: limits)
        }
        let data = try DirectoryFiles.read(path, limit: limits.maximumFileBytes)
        let dictionary = try PropertyListValue.decodeDictionary(data, path: path)
        if looksLikeEntitlements(dictionary) {
            return AuditTarget(path: path, kind: .entitlements, app: BundleContents(path: "", entitlementsPath: path, entitlements: dictionary))
        }
        return AuditTarget(
            path: path,
            kind: .infoPlist,
            app: BundleContents(path: "", infoPath: path, info: dictionary, isExtension: dictionary["NSExtension"] != nil)
        )
    }

    private static func loadArchive(path: String, limits: AuditLimits) throws(AuditError) -> AuditTarget {
        let files = try ArchiveFiles(path: path, limits: limits)
        guard let appName = files.children(of: "Payload").sorted().first(where: { $0.hasSuffix(".app") }) else {
            throw AuditError(.missingInfoPlist, "the archive has no Payload/*.app folder; is it an .ipa?", path: path)
        }
        let reading = try files.readApp(root: "Payload/" + appName, display: "", limits: limits)
        return AuditTarget(
            path: path,
            kind: .archive,
            reading: reading,
            unsafeEntries: files.unsafeEntries,
            refusedEntries: files.refusedEntries,
            reachedLimits: files.reachedLimits
        )
    }

    /// Whether a file starts with a zip local-file or end-of-central-directory signature.
    private static func isZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 4)) ?? Data()
        return magic == Data([0x50, 0x4B, 0x03, 0x04]) || magic == Data([0x50, 0x4B, 0x05, 0x06])
    }

    /// Entitlements have `com.apple.…` or `application-identifier` keys and no `CFBundle…` keys.
    private static func looksLikeEntitlements(_ dictionary: [String: PropertyListValue]) -> Bool {
        let keys = dictionary.keys
        if keys.contains(where: { $0.hasPrefix("CFBundle") || $0.hasPrefix("NS") || $0.hasPrefix("LS") || $0.hasPrefix("UI") }) {
            return false
        }
        let entitlementKeys: Set<String> = [
            "application-identifier", "keychain-access-groups", "aps-environment", "get-task-allow", "team-identifier",
        ]
        return keys.contains { $0.hasPrefix("com.apple.") || entitlementKeys.contains($0) }
    }
}
