/// A reference document in no particular format: what `spec docs` says about a spec, made by
/// ``DocsRenderer`` and written out by ``MarkdownFormatter`` or ``HTMLFormatter``.
struct DocsDocument {
    /// The document's title (the HTML `<title>`, the Markdown `#` heading).
    var title: String
    /// A line under the title (the spec's file).
    var subtitle: String?
    /// The content, in order.
    var blocks: [DocsBlock]
}

/// A block of a document.
indirect enum DocsBlock {
    /// A heading with its level (2 or 3; the title is level 1).
    case heading(Int, [DocsInline])
    /// A paragraph.
    case paragraph([DocsInline])
    /// A bulleted list.
    case bullets([[DocsInline]])
    /// Terms and what they are: a definition list.
    case facts([DocsFact])
    /// A table: column titles, and rows of cells.
    case table(columns: [String], rows: [[[DocsInline]]])
    /// Preformatted text with a label (an example URL).
    case code(label: String, text: String)
    /// A section that others link to: its id, its heading and its blocks.
    case section(DocsSection)
    /// A drawing of an action's round trip: an inline SVG in HTML; Markdown leaves it out, the
    /// text beside it saying the same.
    case diagram(SequenceDiagram)
}

/// One term of a definition list.
struct DocsFact {
    /// The term.
    var term: String
    /// What it is.
    var value: [DocsInline]
}

/// A section others link to.
struct DocsSection {
    /// A stable identifier, unique in the document (`action-add`).
    var id: String
    /// The heading's level.
    var level: Int
    /// The heading.
    var title: [DocsInline]
    /// The content.
    var blocks: [DocsBlock]
}

/// A run of text inside a block.
enum DocsInline {
    /// Plain text.
    case text(String)
    /// Code: a name, value or URL as written.
    case code(String)
    /// Emphasised text.
    case strong(String)
    /// A link to the section with this id.
    case link([DocsInline], section: String)
}

extension [DocsInline] {
    /// The text without markup: what a heading's anchor is made from.
    var plainText: String {
        map { inline in
            switch inline {
            case .text(let text), .code(let text), .strong(let text): text
            case .link(let inner, _): inner.plainText
            }
        }.joined()
    }
}
