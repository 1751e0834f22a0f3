/// One-line descriptions of components, for explanations and lint messages.
enum ComponentSummary {
    /// `"/": "/buy/*", "?": {"id": "?*"}, exclude`.
    static func describe(_ component: AppLinks.Component) -> String {
        var parts: [String] = []
        if let path = component.path { parts.append("\"/\": \"\(path)\"") }
        switch component.query {
        case .whole(let pattern): parts.append("\"?\": \"\(pattern)\"")
        case .items(let items):
            parts.append("\"?\": {" + items.map { "\"\($0.name)\": \"\($0.pattern)\"" }.joined(separator: ", ") + "}")
        case nil: break
        }
        if let fragment = component.fragment { parts.append("\"#\": \"\(fragment)\"") }
        if component.isExclude { parts.append("exclude") }
        return parts.isEmpty ? "{} (matches every URL)" : parts.joined(separator: ", ")
    }
}
