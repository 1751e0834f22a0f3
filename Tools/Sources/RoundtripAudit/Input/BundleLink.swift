/// A symbolic link met where the audit reads a bundle (its root, `PlugIns/` or an extension's
/// folder). The audit never follows one; a link whose target leaves the bundle is a finding.
package struct BundleLink: Sendable, Hashable {
    /// Where the link is, as shown in findings (`Payload/Foo.app/PlugIns/Share.appex`).
    package var path: String
    /// What the link points to, as written in it; `nil` when it could not be read or is longer
    /// than ``maximumTargetBytes``.
    package var target: String?
    /// Whether the target lies outside the bundle: an absolute path, `..` past the bundle's root,
    /// or a target that could not be read whole.
    package var escapesBundle: Bool

    /// The most bytes of a link's target that are read; `PATH_MAX` on Apple platforms.
    static let maximumTargetBytes = 1024

    /// Creates a link.
    package init(path: String, target: String?, escapesBundle: Bool) {
        self.path = path
        self.target = target
        self.escapesBundle = escapesBundle
    }

    /// The target for a message: `to 'target'`, or what is known of it.
    var shownTarget: String {
        target.map { "to '\($0)'" } ?? "whose target is unreadable or longer than \(Self.maximumTargetBytes) bytes"
    }

    /// Whether a target, as written in a link inside `folder` (a `/`-separated path relative to
    /// the bundle's root, `""` for the root), leaves the bundle.
    ///
    /// The target is resolved as text, component by component, as the system would resolve it
    /// if no link were followed on the way: an absolute target leaves, and so does a `..` that
    /// climbs above the root.
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
}
