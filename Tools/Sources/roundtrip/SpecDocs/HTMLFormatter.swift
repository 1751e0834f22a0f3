/// Writes a ``DocsDocument`` as one self-contained HTML file: the style inline, no script, no
/// font, image or other request (a Content-Security-Policy of `default-src 'none'` says so to
/// the browser too), readable from a phone's width to a desktop's, light or dark as the reader's
/// system prefers. Every text of the spec is escaped.
struct HTMLFormatter {
    func format(_ document: DocsDocument) -> String {
        var output = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>\(Self.escape(document.title))</title>
            <style>
            \(HTMLStyle.css)</style>
            </head>
            <body>
            <div class="page">
            <header>
            <h1>\(Self.escape(document.title))</h1>

            """
        if let subtitle = document.subtitle { output += "<p class=\"subtitle\">\(Self.escape(subtitle))</p>\n" }
        output += "</header>\n<main>\n"
        for block in document.blocks { output += self.block(block) }
        output += "</main>\n</div>\n</body>\n</html>\n"
        return output
    }

    private func block(_ block: DocsBlock) -> String {
        switch block {
        case .heading(let level, let title):
            return "<h\(level)>\(inline(title))</h\(level)>\n"
        case .paragraph(let text):
            return "<p>\(inline(text))</p>\n"
        case .bullets(let items):
            return "<ul>\n" + items.map { "<li>\(inline($0))</li>\n" }.joined() + "</ul>\n"
        case .facts(let facts):
            return "<dl class=\"facts\">\n" + facts.map { "<dt>\(Self.escape($0.term))</dt><dd>\(inline($0.value))</dd>\n" }.joined() + "</dl>\n"
        case .table(let columns, let rows):
            // On a narrow screen each row is a card, each cell labelled by its column's name
            // (its data-label, shown by the style sheet). The roles keep it a table for screen
            // readers, which drop a table's semantics when CSS changes its display (Adrian
            // Roselli, "Tables, CSS Display Properties, and ARIA").
            var html =
                "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-label=\"\(Self.escape(columns.joined(separator: ", ")))\">\n"
                + "<table role=\"table\">\n"
            html +=
                "<thead role=\"rowgroup\"><tr role=\"row\">"
                + columns.map { "<th role=\"columnheader\" scope=\"col\">\(Self.escape($0))</th>" }.joined()
                + "</tr></thead>\n<tbody role=\"rowgroup\">\n"
            for row in rows {
                html += "<tr role=\"row\">"
                for (index, cell) in row.enumerated() {
                    let label = index < columns.count ? Self.escape(columns[index]) : ""
                    html += "<td role=\"cell\" data-label=\"\(label)\">\(inline(cell))</td>"
                }
                html += "</tr>\n"
            }
            return html + "</tbody>\n</table>\n</div>\n"
        case .code(let label, let text):
            return "<pre aria-label=\"\(Self.escape(label))\"><code>\(Self.escape(text))</code></pre>\n"
        case .section(let section):
            var html = "<section id=\"\(Self.escape(section.id))\">\n"
            html += "<h\(section.level)>\(inline(section.title))</h\(section.level)>\n"
            for inner in section.blocks { html += self.block(inner) }
            return html + "</section>\n"
        case .diagram(let diagram):
            return "<figure class=\"diagram\">\n" + diagram.svg() + "\n</figure>\n"
        }
    }

    private func inline(_ runs: [DocsInline]) -> String {
        runs.map { run in
            switch run {
            case .text(let text): Self.escape(text)
            case .strong(let text): "<strong>\(Self.escape(text))</strong>"
            case .code(let text): "<code>\(Self.escape(text))</code>"
            case .link(let inner, let section): "<a href=\"#\(Self.escape(section))\">\(inline(inner))</a>"
            }
        }.joined()
    }

    /// Text safe in an element and in a double- or single-quoted attribute.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }
}
