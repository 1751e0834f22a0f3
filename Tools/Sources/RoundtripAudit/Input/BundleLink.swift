/// A symbolic link met where the audit reads a bundle (its root, `PlugIns/` or an extension's
/// folder). The audit never reads through one; a link whose target, resolved link by link,
/// leaves the bundle is a finding.
package struct BundleLink: Sendable, Hashable {
    /// Where the link is, as shown in findings (`Payload/Foo.app/PlugIns/Share.appex`).
    package var path: String
    /// What the link points to, as written in it; `nil` when it could not be read or is longer
    /// than ``maximumTargetBytes``.
    package var target: String?
    /// Whether the target lies outside the bundle once every link on its way is resolved: an
    /// absolute path, `..` past the bundle's root (directly or through another link), a chain of
    /// links too long to follow, or a target that could not be read whole.
    package var escapesBundle: Bool
    /// Why it escapes when that is through another link (`through the link 'A' (to '/tmp')`),
    /// or a chain of links too long to follow.
    package var reason: String?

    /// The most bytes of a link's target that are read; `PATH_MAX` on Apple platforms.
    static let maximumTargetBytes = 1024

    /// Creates a link.
    package init(path: String, target: String?, escapesBundle: Bool, reason: String? = nil) {
        self.path = path
        self.target = target
        self.escapesBundle = escapesBundle
        self.reason = reason
    }

    /// The target for a message: `to 'target'`, or what is known of it.
    var shownTarget: String {
        target.map { "to '\($0)'" } ?? "whose target is unreadable or longer than \(Self.maximumTargetBytes) bytes"
    }

    /// Whether a target, as written in a link inside `folder` (a `/`-separated path relative to
    /// the bundle's root, `""` for the root), leaves the bundle when read as text alone: an
    /// absolute target leaves, and so does a `..` that climbs above the root. Links the target
    /// passes through are not looked at: ``BundleFiles/resolve(_:in:root:)`` does that.
    ///
    /// - Complexity: O(*n*) in the lengths of the folder and the target.
    static func escapes(_ target: String, from folder: String) -> Bool {
        if target.hasPrefix("/") || target.isEmpty { return true }
        var depth = folder.split(separator: "/").count
        for piece in target.split(separator: "/", omittingEmptySubsequences: true) where piece != "." {
            depth += piece == ".." ? -1 : 1
            if depth < 0 { return true }
        }
        return false
    }

    /// The most links followed in resolving one target, as the system allows (`MAXSYMLINKS`, 32,
    /// in Linux's and Darwin's `sys/param.h`); a longer chain, a cycle among them, is refused.
    static let maximumHops = 32
}

/// Where a link's target leads once every link on its way is resolved.
struct LinkResolution: Hashable {
    /// Whether it leaves the bundle, or cannot be resolved (a link unreadable, a chain longer than
    /// ``BundleLink/maximumHops``: a cycle).
    var escapes: Bool
    /// Why, when it escapes through another link: `through the link 'Frameworks/A' (to '/tmp')`.
    var reason: String?
}

extension BundleFiles {
    /// Resolves a link's target one component at a time, as the system does (POSIX.1-2017, 4.13
    /// "Pathname Resolution"): each component that is itself a link is replaced by its target
    /// (and `..` after it climbs from where that target led, not from the link), until the path
    /// is resolved, leaves the bundle, or ``BundleLink/maximumHops`` links were followed. Nothing
    /// is read but the links' own targets.
    ///
    /// - Parameters:
    ///   - target: The target, as written in the link.
    ///   - folder: The folder that holds the link, relative to the bundle's root.
    ///   - root: The bundle's root inside the files.
    /// - Returns: Whether the target leaves the bundle, and through which link.
    /// - Complexity: O(*h* × *n* × *d*) for *h* links followed (at most 32), targets of *n*
    ///   components (at most 1,024 bytes each) and a folder *d* deep.
    func resolve(_ target: String, in folder: String, root: String) -> LinkResolution {
        guard !target.isEmpty, !target.hasPrefix("/") else { return LinkResolution(escapes: true) }
        var resolved = folder.split(separator: "/").map(String.init)
        var remaining = Array(target.split(separator: "/").reversed())
        var hops = 0
        // The last link followed, named in the reason when the path then leaves the bundle.
        var through: String?
        while let piece = remaining.popLast() {
            if piece == "." { continue }
            if piece == ".." {
                guard !resolved.isEmpty else { return LinkResolution(escapes: true, reason: through) }
                resolved.removeLast()
                continue
            }
            resolved.append(String(piece))
            let path = resolved.joined(separator: "/")
            guard isSymbolicLink(Self.join(root, path)) else { continue }
            hops += 1
            guard hops <= BundleLink.maximumHops else {
                return LinkResolution(escapes: true, reason: "past \(BundleLink.maximumHops) links followed in a row (a cycle)")
            }
            let next = linkTarget(of: Self.join(root, path), limit: BundleLink.maximumTargetBytes)
            through = "through the link '\(path)' " + (next.map { "(to '\($0)')" } ?? "(unreadable)")
            guard let next, !next.isEmpty, !next.hasPrefix("/") else { return LinkResolution(escapes: true, reason: through) }
            resolved.removeLast()
            remaining += next.split(separator: "/").reversed()
        }
        return LinkResolution(escapes: false)
    }
}
