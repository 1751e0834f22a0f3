import Foundation

/// One item directly inside a folder of a bundle.
struct BundleItem: Hashable {
    /// The item's name.
    let name: String
    /// Whether it is a symbolic link (never followed).
    let isSymbolicLink: Bool
}

/// Read access to the files of a bundle, whether they sit in a folder or in a zip archive.
///
/// Paths are relative, `/`-separated and never contain `..`. No symbolic link is ever followed
/// to read a file: a path that passes through or ends at one reads as absent. A link's target is
/// only resolved, link by link, to tell whether it leaves the bundle, so a crafted bundle cannot
/// make the audit read outside it.
protocol BundleFiles {
    /// The items directly inside a folder (`""` for the root), symbolic links included; empty
    /// when there is no such folder or its path passes through a symbolic link.
    func items(in folder: String) -> [BundleItem]
    /// Hands the bytes of a regular file to `sink` in chunks of at most 64 KiB, each with the
    /// file's size (as declared, for an archive entry), until its end or until `sink` returns
    /// `false`, so that a search of a large file holds one chunk at a time.
    ///
    /// - Returns: `false` when there is no such file (or its path passes through or ends at a
    ///   symbolic link).
    /// - Throws: ``AuditError`` `too-large` past `limit` bytes, `corrupt-archive` or `unreadable`
    ///   when it cannot be read.
    func stream(_ path: String, limit: Int, into sink: (_ chunk: Data, _ size: Int) -> Bool) throws(AuditError) -> Bool
    /// The target of the symbolic link at `path` as written; `nil` when it cannot be read or is
    /// longer than `limit` bytes.
    func linkTarget(of path: String, limit: Int) -> String?
    /// Whether the item at `path` is a symbolic link. The components before the last are taken
    /// as they are, so they must be free of links (as ``resolve(_:in:root:)`` keeps them).
    func isSymbolicLink(_ path: String) -> Bool
}

/// What ``BundleFiles/readApp(root:display:limits:)`` read: the app, its extensions, the links it
/// met and the limits it reached.
struct BundleReading {
    var app: BundleContents
    var extensions: [BundleContents] = []
    var links: [BundleLink] = []
    var reachedLimits: [ReachedLimit] = []
}

extension BundleFiles {
    /// The bytes of a regular file, `nil` when there is no such file (or its path passes through
    /// or ends at a symbolic link).
    ///
    /// - Throws: ``AuditError`` `too-large` past the limit, `corrupt-archive` when it cannot be read.
    func contents(of path: String, limit: Int) throws(AuditError) -> Data? {
        var data = Data()
        guard
            try stream(
                path,
                limit: limit,
                into: { chunk, _ in
                    data += chunk
                    return true
                }
            )
        else { return nil }
        return data
    }

    /// The names of the items in a folder that are not symbolic links.
    func children(of folder: String) -> [String] {
        items(in: folder).filter { !$0.isSymbolicLink }.map(\.name)
    }

    /// Reads the bundle at `root` (`Payload/Foo.app`, or `""` for a folder that is the bundle) and
    /// its `PlugIns/*.appex`, noting the symbolic links met in those folders and the extensions
    /// past ``AuditLimits/maximumExtensions``.
    ///
    /// - Parameters:
    ///   - root: The bundle's folder inside the files.
    ///   - display: How to show paths in findings: the prefix put before `root`.
    ///   - limits: Read limits.
    /// - Returns: The app, its extensions, the links met and the limits reached.
    /// - Throws: ``AuditError`` `missing-info-plist` when the app has no Info.plist, or any read error.
    /// - Complexity: O(*e*) bundles read for *e* extensions (at most the limit), plus the listing
    ///   and sorting of `PlugIns/`.
    func readApp(root: String, display: String, limits: AuditLimits) throws(AuditError) -> BundleReading {
        var links: [BundleLink] = []
        let rootItems = items(in: root)
        links += self.links(in: "", of: root, among: rootItems, display: display)
        guard let app = try readBundle(root: root, items: rootItems, display: display, isExtension: false, limits: limits) else {
            let shown = Self.join(display, root)
            if let link = links.first(where: { $0.path == Self.join(shown, "Info.plist") }) {
                throw AuditError(
                    .missingInfoPlist,
                    "the bundle's Info.plist is a symbolic link (\(link.shownTarget)), which the audit does not follow",
                    path: shown
                )
            }
            throw AuditError(.missingInfoPlist, "the bundle has no Info.plist", path: shown)
        }
        var reading = BundleReading(app: app)
        let plugIns = Self.join(root, "PlugIns")
        let plugInItems = items(in: plugIns)
        links += self.links(in: "PlugIns", of: root, among: plugInItems, display: display)
        let names = plugInItems.filter { !$0.isSymbolicLink && $0.name.hasSuffix(".appex") }.map(\.name).sorted()
        if names.count > limits.maximumExtensions {
            let skipped = names.count - limits.maximumExtensions
            reading.reachedLimits.append(
                ReachedLimit(
                    limit: "maximumExtensions",
                    message: "the app has \(names.count) extensions under PlugIns; the audit read the first \(limits.maximumExtensions) "
                        + "in name order and skipped \(skipped), from \(ReachedLimit.shown(names[limits.maximumExtensions])) on",
                    location: Self.join(display, plugIns)
                )
            )
        }
        for name in names.prefix(limits.maximumExtensions) {
            let folder = Self.join(plugIns, name)
            let extensionItems = items(in: folder)
            links += self.links(in: "PlugIns/" + name, of: root, among: extensionItems, display: display)
            if let bundle = try readBundle(root: folder, items: extensionItems, display: display, isExtension: true, limits: limits) {
                reading.extensions.append(bundle)
            }
        }
        reading.links = links
        return reading
    }

    /// The symbolic links among a folder's items, with their targets resolved link by link.
    ///
    /// - Parameters:
    ///   - folder: The folder, relative to the bundle's root.
    ///   - root: The bundle's root inside the files.
    private func links(in folder: String, of root: String, among items: [BundleItem], display: String) -> [BundleLink] {
        items.filter(\.isSymbolicLink).map { item in
            let path = Self.join(Self.join(root, folder), item.name)
            guard let target = linkTarget(of: path, limit: BundleLink.maximumTargetBytes) else {
                return BundleLink(path: Self.join(display, path), target: nil, escapesBundle: true)
            }
            let resolution = resolve(target, in: folder, root: root)
            return BundleLink(path: Self.join(display, path), target: target, escapesBundle: resolution.escapes, reason: resolution.reason)
        }
    }

    /// One bundle's Info.plist and entitlements; `nil` when it has no Info.plist.
    private func readBundle(
        root: String,
        items: [BundleItem],
        display: String,
        isExtension: Bool,
        limits: AuditLimits
    ) throws(AuditError)
        -> BundleContents?
    {
        let infoPath = Self.join(root, "Info.plist")
        guard let infoData = try contents(of: infoPath, limit: limits.maximumFileBytes) else { return nil }
        let shownInfo = Self.join(display, infoPath)
        let info = try PropertyListValue.decodeDictionary(infoData, path: shownInfo)
        var bundle = BundleContents(path: Self.join(display, root), infoPath: shownInfo, info: info, isExtension: isExtension)
        // Xcode leaves the signed entitlements beside the binary as archived-expanded-entitlements.xcent
        // in archives and development builds; a copied `*.entitlements` file is the next best source.
        let names = Set(items.filter { !$0.isSymbolicLink }.map(\.name))
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
            let plist = embeddedEntitlements(of: Self.join(root, executable), limits: limits)
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

    /// The entitlements plist in the code signature of the executable at `path`, searched as it
    /// is read, in chunks (``EmbeddedEntitlements/Scanner``); `nil` when there is none, or the
    /// executable is missing, unreadable or larger than ``AuditLimits/maximumExecutableBytes``
    /// (the provisioning profile is read instead).
    ///
    /// - Complexity: O(*n*) in the bytes of the executable read, in memory bounded by a chunk and
    ///   the plist.
    func embeddedEntitlements(of path: String, limits: AuditLimits) -> Data? {
        var scanner: EmbeddedEntitlements.Scanner?
        let read = try? stream(path, limit: limits.maximumExecutableBytes) { chunk, size in
            var current = scanner ?? EmbeddedEntitlements.Scanner(totalBytes: size, maximumPlistBytes: limits.maximumFileBytes)
            defer { scanner = current }
            return current.feed(chunk)
        }
        guard read == true else { return nil }
        return scanner?.finish()
    }

    /// Joins path pieces with `/`, skipping empty ones.
    static func join(_ first: String, _ second: String) -> String {
        if first.isEmpty { return second }
        if second.isEmpty { return first }
        return first.hasSuffix("/") ? first + second : first + "/" + second
    }
}
