/// Reading `allow-schemes` (app and action level): forbidden callback schemes opted back in.
extension SpecReader {
    /// Reads one `allow-schemes` list, lowercased. Each entry must be a scheme (RFC 3986 section
    /// 3.1); a script or local scheme (``CallbackPolicy/unallowableSchemes``) and one of the app's
    /// own schemes are errors, as neither could ever be a callback.
    ///
    /// - Returns: The schemes, or `nil` when the key is absent or not a list.
    mutating func readAllowSchemes(_ node: DocumentNode?, _ path: @autoclosure () -> String, app: AppDescription) -> [String]? {
        guard let node else { return nil }
        let ownSchemes = Set(app.schemes.map { $0.lowercased() })
        return readSchemes(node, path()) { scheme in
            if CallbackPolicy.unallowableSchemes.contains(scheme) {
                return "'\(scheme):' runs script or opens content in place of a callback target, so no spec can allow it; remove it"
            }
            if ownSchemes.contains(scheme) {
                return "'\(scheme):' is one of this app's own schemes (app.schemes): a callback on it would loop back into the app; remove it"
            }
            return nil
        }
    }

    /// Reads an action's `forbid-schemes`, lowercased: each entry a scheme (RFC 3986 section
    /// 3.1), listed once.
    mutating func readForbidSchemes(_ node: DocumentNode?, _ path: @autoclosure () -> String) -> [String] {
        guard let node else { return [] }
        return readSchemes(node, path()) { _ in nil } ?? []
    }

    /// Reads an action's `invalid-callback`: `refuse` or `drop`, the latter only where a request
    /// may leave callbacks out (x-callback-url and custom), since only an optional callback is
    /// ever dropped.
    mutating func readInvalidCallback(_ node: DocumentNode?, convention: Convention, path actionPath: String) -> InvalidCallbackPolicy {
        // Most actions have no such key: its path is made only for one that has.
        guard let node else { return .refuse }
        let path = Self.join(actionPath, ActionKey.invalidCallback)
        guard let policy = choice(node, path, InvalidCallbackPolicy.self) else { return .refuse }
        guard convention.facts.callbacksAreOptional else {
            error(
                "convention-mismatch",
                path,
                node,
                "'invalid-callback' applies to \(Convention.names { $0.callbacksAreOptional }) actions only, whose callbacks are optional: "
                    + "a \(convention) request \(convention.hasWayBack ? "cannot be answered without its callbacks" : "has no callbacks"); drop it"
            )
            return .refuse
        }
        return policy
    }

    /// Reads a list of schemes, lowercased: each a scheme (RFC 3986 section 3.1, else
    /// `invalid-scheme`), not one `unallowable` explains away (`unallowable-scheme`), listed once.
    ///
    /// - Returns: The schemes, or `nil` when the value is not a list.
    private mutating func readSchemes(_ node: DocumentNode, _ path: String, unallowable: (String) -> String?) -> [String]? {
        guard let entries = stringList(node, path) else { return nil }
        var schemes: [String] = []
        for (index, entry) in entries.enumerated() {
            let scheme = entry.lowercased()
            if !SpecReader.isValidScheme(entry) {
                error(
                    "invalid-scheme",
                    "\(path)[\(index)]",
                    node,
                    "'\(entry)' is not a URL scheme (a letter, then letters, digits, '+', '-' or '.'); write it without ':' or '//'"
                )
            } else if let why = unallowable(scheme) {
                error("unallowable-scheme", "\(path)[\(index)]", node, why)
            } else if schemes.contains(scheme) {
                error("duplicate-value", "\(path)[\(index)]", node, "'\(scheme)' is listed twice")
            } else {
                schemes.append(scheme)
            }
        }
        return schemes
    }
}
