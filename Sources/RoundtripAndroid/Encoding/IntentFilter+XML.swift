extension IntentFilter {
    /// The filter as an `<intent-filter>` element for `AndroidManifest.xml`, one `<data>` element
    /// per attribute (Android pools them all anyway, and one per line reads best).
    ///
    /// Values are escaped twice, as the manifest needs: first for Android's resource compiler (a
    /// backslash doubled, so the pattern `/.*\.html` is written `/.*\\.html`; a quote or a leading
    /// `@` or `?` escaped), then for XML (`&`, `<`, `>` and `"`).
    ///
    /// - Parameter indent: The indentation of the element's first line, in spaces; children are
    ///   indented four more.
    public func xml(indent: Int = 0) -> String {
        let outer = String(repeating: " ", count: indent)
        let inner = outer + "    "
        var lines: [String] = []
        lines.append(outer + "<intent-filter" + (autoVerify ? " android:autoVerify=\"true\"" : "") + ">")
        for action in actions { lines.append(inner + "<action android:name=\(IntentFilter.quoted(action)) />") }
        for category in categories { lines.append(inner + "<category android:name=\(IntentFilter.quoted(category)) />") }
        for scheme in schemes { lines.append(inner + "<data android:scheme=\(IntentFilter.quoted(scheme)) />") }
        for authority in authorities {
            let port = authority.port.map { " android:port=\"\($0)\"" } ?? ""
            lines.append(inner + "<data android:host=\(IntentFilter.quoted(authority.host))\(port) />")
        }
        for pattern in paths { lines.append(inner + IntentFilter.dataElement(base: "path", pattern)) }
        for pattern in schemeSpecificParts { lines.append(inner + IntentFilter.dataElement(base: "ssp", pattern)) }
        for mimeType in mimeTypes { lines.append(inner + "<data android:mimeType=\(IntentFilter.quoted(mimeType)) />") }
        for group in relativeFilterGroups {
            lines.append(inner + "<uri-relative-filter-group" + (group.allow ? "" : " android:allow=\"false\"") + ">")
            for filter in group.filters {
                lines.append(inner + "    " + IntentFilter.dataElement(base: filter.part.rawValue, filter.pattern))
            }
            lines.append(inner + "</uri-relative-filter-group>")
        }
        lines.append(outer + "</intent-filter>")
        return lines.joined(separator: "\n")
    }

    private static func dataElement(base: String, _ pattern: AndroidPattern) -> String {
        "<data android:\(base)\(pattern.kind.attributeSuffix)=\(quoted(pattern.pattern)) />"
    }

    /// `"value"`, escaped for Android's resource compiler and then for XML.
    static func quoted(_ value: String) -> String {
        var compiled = ""
        for (index, character) in value.enumerated() {
            switch character {
            case "\\", "\"", "'": compiled += "\\" + String(character)
            case "@" where index == 0, "?" where index == 0: compiled += "\\" + String(character)
            default: compiled.append(character)
            }
        }
        var xml = "\""
        for character in compiled {
            switch character {
            case "&": xml += "&amp;"
            case "<": xml += "&lt;"
            case ">": xml += "&gt;"
            case "\"": xml += "&quot;"
            default: xml.append(character)
            }
        }
        return xml + "\""
    }
}

extension AndroidManifest {
    /// The manifest's filters as `<intent-filter>` elements, one after another (see
    /// ``IntentFilter/xml(indent:)``): a fragment ``init(xml:)`` reads back.
    public func intentFiltersXML(indent: Int = 0) -> String {
        filters.map { $0.xml(indent: indent) }.joined(separator: "\n") + "\n"
    }
}
