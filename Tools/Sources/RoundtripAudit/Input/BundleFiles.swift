import Foundation

/// Read access to the files of a bundle, whether they sit in a folder or in a zip archive.
///
/// Paths are relative, `/`-separated and never contain `..`.
protocol BundleFiles {
    /// The names of the entries directly inside a folder (`""` for the root).
    func children(of folder: String) -> [String]
    /// The bytes of a regular file, `nil` when there is no such file.
    ///
    /// - Throws: ``AuditError`` `too-large` past the limit, `corrupt-archive` when it cannot be read.
    func contents(of path: String, limit: Int) throws(AuditError) -> Data?
}

extension BundleFiles {
    /// Reads the bundle at `root` (`Payload/Foo.app`, or `""` for a folder that is the bundle) and
    /// its `PlugIns/*.appex`.
    ///
    /// - Parameters:
    ///   - root: The bundle's folder inside the files.
    ///   - display: How to show paths in findings: the prefix put before `root`.
    ///   - limits: Read limits.
    /// - Returns: The app and its extensions.
    /// - Throws: ``AuditError`` `missing-info-plist` when the app has no Info.plist, or any read error.
    func readApp(root: String, display: String, limits: AuditLimits) throws(AuditError) -> (BundleContents, [BundleContents]) {
        guard let app = try readBundle(root: root, display: display, isExtension: false, limits: limits) else {
            throw AuditError(.missingInfoPlist, "the bundle has no Info.plist", path: Self.join(display, root))
        }
        let plugIns = Self.join(root, "PlugIns")
        var extensions: [BundleContents] = []
        for name in children(of: plugIns).sorted() where name.hasSuffix(".appex") {
            guard extensions.count < limits.maximumExtensions else { break }
            if let bundle = try readBundle(root: Self.join(plugIns, name), display: display, isExtension: true, limits: limits) {
                extensions.append(bundle)
            }
        }
        return (app, extensions)
    }

    /// One bundle's Info.plist and entitlements; `nil` when it has no Info.plist.
    private func readBundle(root: String, display: String, isExtension: Bool, limits: AuditLimits) throws(AuditError) -> BundleContents? {
        let infoPath = Self.join(root, "Info.plist")
        guard let infoData = try contents(of: infoPath, limit: limits.maximumFileBytes) else { return nil }
        let shownInfo = Self.join(display, infoPath)
        let info = try PropertyListValue.decodeDictionary(infoData, path: shownInfo)
        var bundle = BundleContents(path: Self.join(display, root), infoPath: shownInfo, info: info, isExtension: isExtension)
        // Xcode leaves the signed entitlements beside the binary as archived-expanded-entitlements.xcent
        // in archives and development builds; a copied `*.entitlements` file is the next best source.
        let names = children(of: root)
        let candidates = ["archived-expanded-entitlements.xcent"] + names.filter { $0.hasSuffix(".entitlements") }.sorted()
        for name in candidates where names.contains(name) {
            let path = Self.join(root, name)
            if let data = try contents(of: path, limit: limits.maximumFileBytes) {
                bundle.entitlementsPath = Self.join(display, path)
                bundle.entitlements = try PropertyListValue.decodeDictionary(data, path: Self.join(display, path))
                return bundle
            }
        }
        try readEmbeddedEntitlements(into: &bundle, root: root, display: display, limits: limits)
        return bundle
    }

    /// A signed app keeps its entitlements in the executable's code signature; failing that, the
    /// provisioning profile still names the team.
    private func readEmbeddedEntitlements(into bundle: inout BundleContents, root: String, display: String, limits: AuditLimits) throws(AuditError) {
        if let executable = bundle.info["CFBundleExecutable"]?.stringValue, !executable.contains("/"), executable != "..",
            let binary = (try? contents(of: Self.join(root, executable), limit: limits.maximumExecutableBytes)) ?? nil,
            let plist = EmbeddedEntitlements.fromExecutable(binary)
        {
            let shown = Self.join(display, Self.join(root, executable))
            bundle.entitlementsPath = shown
            bundle.entitlements = try PropertyListValue.decodeDictionary(plist, path: shown)
            return
        }
        let profile = Self.join(root, "embedded.mobileprovision")
        if let data = try contents(of: profile, limit: limits.maximumFileBytes),
            let identity = EmbeddedEntitlements.identityFromProfile(data)
        {
            bundle.entitlementsPath = Self.join(display, profile)
            bundle.entitlements = identity
        }
    }

    /// Joins path pieces with `/`, skipping empty ones.
    static func join(_ first: String, _ second: String) -> String {
        if first.isEmpty { return second }
        if second.isEmpty { return first }
        return first.hasSuffix("/") ? first + second : first + "/" + second
    }
}
