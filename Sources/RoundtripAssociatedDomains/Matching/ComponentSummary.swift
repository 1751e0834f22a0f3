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

    /// `text`, cut to its first `limit` characters and an ellipsis when longer, for messages that
    /// repeat it (a hostile file must not make the lint output grow with the square of its size).
    static func abbreviated(_ text: String, limit: Int = 120) -> String {
        var end = text.startIndex
        guard text.formIndex(&end, offsetBy: limit, limitedBy: text.endIndex), end < text.endIndex else { return text }
        return text[..<end] + "…"
    }
}
