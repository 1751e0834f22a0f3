/// Writes a ``DocsDocument`` as GitHub-flavoured Markdown: `#` headings, pipe tables, fenced
/// code blocks, and links to the headings' GitHub anchors.
///
/// A spec's free text is escaped so that it reads as written: Markdown's punctuation is
/// backslash-escaped, `&` becomes `&amp;`, and `|` inside a table cell (code included) is `\|`.
struct MarkdownFormatter {
    func format(_ document: DocsDocument) -> String {
        var writer = Writer(anchors: Self.anchors(document))
        writer.line("# " + writer.inline([.text(document.title)]))
        if let subtitle = document.subtitle {
            writer.blank()
            writer.line("*" + writer.inline([.text(subtitle)]) + "*")
        }
        for block in document.blocks { writer.block(block) }
        return writer.output
    }

    /// The GitHub anchor of every section: its heading's text lowercased, without punctuation
    /// other than `-` and `_`, spaces as `-`, and `-1`, `-2`… after a repeated one, counted over
    /// every heading in order as GitHub does.
    static func anchors(_ document: DocsDocument) -> [String: String] {
        var anchors: [String: String] = [:]
        var seen: [String: Int] = [:]
        func slug(_ text: String) -> String {
            var slug = ""
            for character in text.lowercased() {
                if character.isLetter || character.isNumber || character == "-" || character == "_" {
                    slug.append(character)
                } else if character == " " {
                    slug.append("-")
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            return count == 0 ? slug : "\(slug)-\(count)"
        }
        func visit(_ blocks: [DocsBlock]) {
            for block in blocks {
                switch block {
                case .heading(_, let title): _ = slug(title.plainText)
                case .section(let section):
                    anchors[section.id] = slug(section.title.plainText)
                    visit(section.blocks)
                default: break
                }
            }
        }
        _ = slug(document.title)
        visit(document.blocks)
        return anchors
    }

    private struct Writer {
        let anchors: [String: String]
        var output = ""

        mutating func line(_ text: String) { output += text + "\n" }

        mutating func blank() { if !output.isEmpty, !output.hasSuffix("\n\n") { output += "\n" } }

        mutating func block(_ block: DocsBlock) {
            blank()
            switch block {
            case .heading(let level, let title):
                line(String(repeating: "#", count: level) + " " + inline(title))
            case .paragraph(let text):
                line(Self.guardLineStart(inline(text)))
            case .bullets(let items):
                for item in items { line("- " + inline(item)) }
            case .facts(let facts):
                for fact in facts { line("- **" + inline([.text(fact.term)]) + ":** " + inline(fact.value)) }
            case .table(let columns, let rows):
                line("| " + columns.map { inline([.text($0)], inTable: true) }.joined(separator: " | ") + " |")
                line("|" + String(repeating: " --- |", count: columns.count))
                for row in rows {
                    line("| " + row.map { cell in cell.isEmpty ? " " : inline(cell, inTable: true) }.joined(separator: " | ") + " |")
                }
            case .code(_, let text):
                let fence = String(repeating: "`", count: max(3, Self.longestRun(of: "`", in: text) + 1))
                line(fence + "text")
                line(text)
                line(fence)
            case .section(let section):
                line(String(repeating: "#", count: section.level) + " " + inline(section.title))
                for inner in section.blocks { self.block(inner) }
            case .diagram:
                break
            }
        }

        func inline(_ runs: [DocsInline], inTable: Bool = false) -> String {
            runs.map { run in
                switch run {
                case .text(let text): Self.escape(text)
                case .strong(let text): "**" + Self.escape(text) + "**"
                case .code(let text): Self.code(text, inTable: inTable)
                case .link(let inner, let section): "[" + inline(inner, inTable: inTable) + "](#" + (anchors[section] ?? section) + ")"
                }
            }.joined()
        }

        /// Text with Markdown's meaning taken out of it.
        static func escape(_ text: String) -> String {
            var output = ""
            for character in text {
                switch character {
                case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~": output += "\\" + String(character)
                case "&": output += "&amp;"
                case "\n", "\r", "\t": output += " "
                default: output.append(character)
                }
            }
            return output
        }

        /// A code span whose fence is longer than any run of backticks inside it.
        static func code(_ text: String, inTable: Bool) -> String {
            var body = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
            if inTable { body = body.replacingOccurrences(of: "|", with: "\\|") }
            let fence = String(repeating: "`", count: longestRun(of: "`", in: body) + 1)
            let padded = body.hasPrefix("`") || body.hasSuffix("`") || body.hasPrefix(" ") ? " " + body + " " : body
            return fence + padded + fence
        }

        /// A paragraph that begins like a heading, list item, quote or numbered item reads as text.
        static func guardLineStart(_ text: String) -> String {
            guard let first = text.first else { return text }
            if "#-+=".contains(first) { return "\\" + text }
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, let next = text.dropFirst(digits.count).first, next == "." || next == ")" {
                return digits + "\\" + text.dropFirst(digits.count)
            }
            return text
        }

        static func longestRun(of character: Character, in text: String) -> Int {
            var longest = 0
            var current = 0
            for each in text {
                current = each == character ? current + 1 : 0
                longest = max(longest, current)
            }
            return longest
        }
    }
}
