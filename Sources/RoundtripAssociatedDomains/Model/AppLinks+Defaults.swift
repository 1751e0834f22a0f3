extension AppLinks {
    /// The effective `caseSensitive` of a component: its own, else its detail's `defaults`, else
    /// the file's `defaults`, else `true` (the more specific level wins).
    ///
    /// Apple: https://developer.apple.com/documentation/bundleresources/applinks/defaults-swift.dictionary
    public func isCaseSensitive(_ component: Component, in detail: Detail) -> Bool {
        component.caseSensitive ?? detail.defaults?.caseSensitive ?? defaults?.caseSensitive ?? true
    }

    /// The effective `percentEncoded` of a component, resolved like ``isCaseSensitive(_:in:)``.
    public func isPercentEncoded(_ component: Component, in detail: Detail) -> Bool {
        component.percentEncoded ?? detail.defaults?.percentEncoded ?? defaults?.percentEncoded ?? true
    }
}
