extension AndroidManifest {
    /// One filter of a manifest that takes a URL.
    public struct Match: Sendable, Hashable {
        /// The component's `android:name`; `nil` for a fragment's filters.
        public var component: String?
        /// The index of the filter among all the manifest's filters, in file order.
        public var filter: Int
        /// The match category.
        public var category: MatchCategory

        /// Creates a match.
        public init(component: String?, filter: Int, category: MatchCategory) {
            self.component = component
            self.filter = filter
            self.category = category
        }
    }

    /// Every filter whose data matches the URI as Android's `IntentFilter.matchData` decides,
    /// in file order. Actions and categories are not consulted; see
    /// ``IntentFilter/matchLink(_:)`` for a browser's link.
    ///
    /// - Complexity: O(*n* · *k*) for a URI of length *n* and *k* patterns in all.
    public func matches(_ uri: AndroidURI) -> [Match] {
        var result: [Match] = []
        var index = 0
        for component in components {
            for filter in component.filters {
                if let category = filter.matchData(uri) {
                    result.append(Match(component: component.name, filter: index, category: category))
                }
                index += 1
            }
        }
        return result
    }

    /// All filters, in file order.
    public var filters: [IntentFilter] { components.flatMap(\.filters) }
}
