/// Draws a ``RoundTripFlow`` as an inline SVG sequence diagram (SVG 1.1): two lifelines, the
/// calling app's and the app's, the request as a solid arrow and each outcome's way back as a
/// dashed one, as UML draws a call and its replies (UML 2.5.1, section 17.8, "Sequence
/// Diagrams").
///
/// The drawing is self-contained: no script, no font or image to load, every text escaped. Its
/// size follows its content: the labels are monospace, so a line's width is its length; a long
/// line wraps, a long name breaks, and the diagram widens up to ``maxColumns`` columns. It stays
/// bounded whatever the spec: at most ``maxLinesPerItem`` lines per name, ``maxItems`` names per
/// arrow and ``maxReplies`` arrows back, the rest said as "+N more". It is an image for
/// assistive technology (`role="img"`), named by its `<title>` and described in full by its
/// `<desc>` (WAI-ARIA Graphics Module, "graphics-document"; SVG 1.1, section 5.4, "The 'desc'
/// and 'title' elements").
struct SequenceDiagram {
    let flow: RoundTripFlow
    /// Unique in the page: the prefix of the title's and description's ids.
    let id: String
    /// The diagram's name (its `<title>`).
    let title: String

    /// The widest label line, in columns.
    static let maxColumns = 60
    /// The most lines one name and its note take; the rest is cut with "…".
    static let maxLinesPerItem = 3
    /// The most names listed on one arrow.
    static let maxItems = 10
    /// The most arrows drawn back.
    static let maxReplies = 6

    // Geometry, in CSS pixels. A column is the advance of the monospace font at `fontSize`
    // (0.6 em in DejaVu Sans Mono, Menlo and Consolas), rounded up.
    private static let fontSize = 13.0
    private static let column = 8.0
    private static let lineHeight = 18.0
    private static let margin = 12.0
    private static let labelInset = 18.0
    private static let headColumns = 28

    /// One line of a label: runs of text, each plain, strong or a note, after an indent.
    private struct Line {
        enum Style { case plain, strong, note }
        var runs: [(text: String, style: Style)]
        var indent = 0

        var columns: Int { indent + runs.reduce(0) { $0 + SequenceDiagram.columns($1.text) } }
    }

    func svg() -> String {
        let callerHead = Self.wrap(flow.caller, width: Self.headColumns, limit: 2).map { Line(runs: [($0, .strong)]) }
        let partnerHead = Self.wrap(flow.partner, width: Self.headColumns, limit: 2).map { Line(runs: [($0, .strong)]) }
        let request = [Line(runs: [("open ", .note), (flow.route, .strong)])].flatMap(Self.fit) + Self.lines(flow.parameters)
        var replies: [(outcome: String, lines: [Line])] = []
        for reply in flow.replies.prefix(Self.maxReplies) {
            var callback: [(text: String, style: Line.Style)] = [(reply.outcome, .strong), (" → ", .note), (reply.callback.name, .plain)]
            if !reply.callback.note.isEmpty { callback.append((" " + reply.callback.note, .note)) }
            replies.append((reply.outcome, Self.fit(Line(runs: callback)) + Self.lines(reply.items)))
        }
        var notes: [Line] = []
        if flow.replies.count > Self.maxReplies { notes.append(Line(runs: [("+\(flow.replies.count - Self.maxReplies) more outcomes", .note)])) }
        if let noWayBack = flow.noWayBack {
            notes += Self.wrap("No way back: " + noWayBack, width: Self.maxColumns, limit: 3).map { Line(runs: [($0, .note)]) }
        }

        // Widths: the labels sit between the lifelines, the heads centred on them.
        let labelColumns = ([request] + replies.map(\.lines) + [notes]).joined().map(\.columns).max() ?? 0
        let callerBox = Self.boxWidth(callerHead)
        let partnerBox = Self.boxWidth(partnerHead)
        let span = max(Double(labelColumns) * Self.column + 2 * Self.labelInset, (callerBox + partnerBox) / 2 + 24, 220)
        let callerX = Self.margin + callerBox / 2
        let partnerX = callerX + span
        let width = partnerX + partnerBox / 2 + Self.margin
        let headHeight = Double(max(callerHead.count, partnerHead.count)) * Self.lineHeight + 14

        var body = ""
        var y = Self.margin + headHeight + 26
        body += arrow(request, from: callerX, to: partnerX, y: &y, dashed: false, group: "request", outcome: nil)
        for reply in replies {
            body += arrow(reply.lines, from: partnerX, to: callerX, y: &y, dashed: true, group: "reply", outcome: reply.outcome)
        }
        if !notes.isEmpty {
            body += text(notes, x: callerX + Self.labelInset, firstBaseline: y + Self.fontSize)
            y += Double(notes.count) * Self.lineHeight + 8
        }
        let height = y + Self.margin
        let lifelineTop = Self.margin + headHeight

        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"sequence\" role=\"img\""
        svg += " width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\""
        svg += " aria-labelledby=\"\(Self.escape(id))-title \(Self.escape(id))-desc\""
        svg += " font-family=\"ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace\""
        svg += " font-size=\"\(Self.number(Self.fontSize))\" fill=\"currentColor\">\n"
        svg += "<title id=\"\(Self.escape(id))-title\">\(Self.escape(title))</title>\n"
        svg += "<desc id=\"\(Self.escape(id))-desc\">\(Self.escape(description()))</desc>\n"
        for (x, head, box) in [(callerX, callerHead, callerBox), (partnerX, partnerHead, partnerBox)] {
            svg += "<g class=\"lifeline\">"
            svg += "<rect class=\"head\" x=\"\(Self.number(x - box / 2))\" y=\"\(Self.number(Self.margin))\" width=\"\(Self.number(box))\""
            svg += " height=\"\(Self.number(headHeight))\" rx=\"6\" fill=\"none\" stroke=\"currentColor\"/>"
            let top = Self.margin + (headHeight - Double(head.count) * Self.lineHeight) / 2 + Self.fontSize
            svg += text(head, x: x, firstBaseline: top, anchor: "middle")
            svg +=
                "<line x1=\"\(Self.number(x))\" y1=\"\(Self.number(lifelineTop))\" x2=\"\(Self.number(x))\" y2=\"\(Self.number(height - Self.margin))\""
            svg += " stroke=\"currentColor\" stroke-opacity=\"0.45\" stroke-dasharray=\"2 4\"/></g>\n"
        }
        return svg + body + "</svg>"
    }

    /// The diagram in words: what the `<desc>` says, for a reader who cannot see it.
    func description() -> String {
        func said(_ items: [RoundTripFlow.Item]) -> String {
            items.map { $0.note.isEmpty ? $0.name : "\($0.name) (\($0.note))" }.joined(separator: ", ")
        }
        var text = "\(flow.caller) opens \(flow.route) in \(flow.partner)"
        text += flow.parameters.isEmpty ? "." : " with " + said(flow.parameters) + "."
        for reply in flow.replies {
            let callback = reply.callback.note.isEmpty ? reply.callback.name : "\(reply.callback.name) \(reply.callback.note)"
            text += " On \(reply.outcome), \(flow.partner) opens the URL of \(callback), carrying \(said(reply.items))."
        }
        if let noWayBack = flow.noWayBack { text += " No way back: " + noWayBack }
        return text
    }

    // MARK: - Drawing

    /// An arrow under its label: the label's lines from `y` down, the arrow below them; `y`
    /// moves past both.
    private func arrow(_ lines: [Line], from start: Double, to end: Double, y: inout Double, dashed: Bool, group: String, outcome: String?) -> String
    {
        let left = min(start, end)
        var svg = "<g class=\"\(group)\"" + (outcome.map { " data-outcome=\"\(Self.escape($0))\"" } ?? "") + ">"
        svg += text(lines, x: left + Self.labelInset, firstBaseline: y + Self.fontSize)
        let lineY = y + Double(lines.count) * Self.lineHeight + 8
        let tip = end > start ? end - 1 : end + 1
        let back = end > start ? tip - 10 : tip + 10
        svg += "<line x1=\"\(Self.number(start))\" y1=\"\(Self.number(lineY))\" x2=\"\(Self.number(back))\" y2=\"\(Self.number(lineY))\""
        svg += " stroke=\"currentColor\" stroke-width=\"1.5\"" + (dashed ? " stroke-dasharray=\"6 4\"" : "") + "/>"
        svg += "<polygon points=\"\(Self.number(tip)),\(Self.number(lineY)) \(Self.number(back)),\(Self.number(lineY - 5)) "
        svg += "\(Self.number(back)),\(Self.number(lineY + 5))\"/></g>\n"
        y = lineY + 26
        return svg
    }

    /// Lines of text from `firstBaseline` down, one `<text>` each, notes fainter.
    private func text(_ lines: [Line], x: Double, firstBaseline: Double, anchor: String? = nil) -> String {
        var svg = ""
        for (index, line) in lines.enumerated() {
            let lineX = x + Double(line.indent) * Self.column
            svg += "<text x=\"\(Self.number(lineX))\" y=\"\(Self.number(firstBaseline + Double(index) * Self.lineHeight))\""
            svg += anchor.map { " text-anchor=\"\($0)\"" } ?? ""
            svg += " xml:space=\"preserve\">"
            for run in line.runs {
                switch run.style {
                case .plain: svg += "<tspan>\(Self.escape(run.text))</tspan>"
                case .strong: svg += "<tspan font-weight=\"bold\">\(Self.escape(run.text))</tspan>"
                case .note: svg += "<tspan class=\"note\" fill-opacity=\"0.72\">\(Self.escape(run.text))</tspan>"
                }
            }
            svg += "</text>"
        }
        return svg
    }

    // MARK: - Laying out text

    /// The lines of a list of names: each name and its note, wrapped; after ``maxItems``, how many more.
    private static func lines(_ items: [RoundTripFlow.Item]) -> [Line] {
        var lines: [Line] = []
        for item in items.prefix(maxItems) {
            var itemLines: [Line] = []
            let single = Line(runs: [(item.name, .plain)] + (item.note.isEmpty ? [] : [("  " + item.note, .note)]), indent: 1)
            if single.columns <= maxColumns {
                itemLines = [single]
            } else {
                itemLines = wrap(item.name, width: maxColumns - 1, limit: maxLinesPerItem).map { Line(runs: [($0, .plain)], indent: 1) }
                if !item.note.isEmpty {
                    itemLines += wrap(item.note, width: maxColumns - 3, limit: maxLinesPerItem).map { Line(runs: [($0, .note)], indent: 3) }
                }
                if itemLines.count > maxLinesPerItem {
                    itemLines = Array(itemLines.prefix(maxLinesPerItem))
                    itemLines[maxLinesPerItem - 1].runs[0].text = ellipsised(itemLines[maxLinesPerItem - 1].runs[0].text, width: maxColumns - 3)
                }
            }
            lines += itemLines
        }
        if items.count > maxItems { lines.append(Line(runs: [("+\(items.count - maxItems) more", .note)], indent: 1)) }
        return lines
    }

    /// A line of runs that may be too wide, as lines that fit: its text wrapped, the first line
    /// in the first run's style and the others in the longest run's (a long route stays bold).
    private static func fit(_ line: Line) -> [Line] {
        guard line.columns > maxColumns, let first = line.runs.first?.style else { return [line] }
        let rest = line.runs.max { $0.text.count < $1.text.count }?.style ?? first
        let text = line.runs.map(\.text).joined()
        return wrap(text, width: maxColumns - 1, limit: maxLinesPerItem).enumerated().map { index, part in
            Line(runs: [(part, index == 0 ? first : rest)], indent: index == 0 ? 0 : 1)
        }
    }

    /// Text as lines of at most `width` columns: broken at spaces, a word longer than a line
    /// broken anywhere, at most `limit` lines, the last cut with "…" when more would follow.
    static func wrap(_ text: String, width: Int, limit: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentColumns = 0
        var truncated = false
        func flush() {
            if lines.count == limit {
                truncated = true
            } else {
                lines.append(current)
            }
            current = ""
            currentColumns = 0
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if truncated { break }
            let wordColumns = columns(word)
            if currentColumns > 0, currentColumns + 1 + wordColumns > width { flush() }
            if currentColumns > 0 {
                current += " "
                currentColumns += 1
            }
            for character in word {
                let characterColumns = columns(character)
                if currentColumns + characterColumns > width { flush() }
                if truncated { break }
                current.append(character)
                currentColumns += characterColumns
            }
        }
        if !truncated, currentColumns > 0 || lines.isEmpty { flush() }
        if truncated, let last = lines.last { lines[lines.count - 1] = ellipsised(last, width: width) }
        return lines
    }

    /// `text` ending in "…", within `width` columns.
    private static func ellipsised(_ text: String, width: Int) -> String {
        var kept = ""
        var used = 0
        for character in text {
            let next = columns(character)
            if used + next > width - 1 { break }
            kept.append(character)
            used += next
        }
        return kept + "…"
    }

    /// The columns text takes in a monospace font: two for a wide East Asian character (Unicode
    /// Standard Annex #11), one for any other.
    static func columns<Text: StringProtocol>(_ text: Text) -> Int {
        text.reduce(0) { $0 + columns($1) }
    }

    private static func columns(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first?.value else { return 1 }
        let wide =
            (0x1100...0x115F).contains(scalar) || (0x2E80...0xA4CF).contains(scalar) || (0xAC00...0xD7A3).contains(scalar)
            || (0xF900...0xFAFF).contains(scalar) || (0xFE30...0xFE4F).contains(scalar) || (0xFF00...0xFF60).contains(scalar)
            || (0xFFE0...0xFFE6).contains(scalar) || (0x1F300...0x1FAFF).contains(scalar) || (0x20000...0x3FFFD).contains(scalar)
        return wide ? 2 : 1
    }

    private static func boxWidth(_ lines: [Line]) -> Double {
        max(Double(lines.map(\.columns).max() ?? 0) * column + 24, 120)
    }

    private static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    /// Text safe in XML content and attributes (XML 1.0, section 2.4): the HTML page's escaping,
    /// and a character XML 1.0 does not allow (a control character but tab, line feed and
    /// carriage return; U+FFFE, U+FFFF) written as U+FFFD, so the drawing stays well-formed.
    static func escape(_ text: String) -> String {
        let allowed = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    let value = scalar.value
                    let forbidden = (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF
                    return forbidden ? "\u{FFFD}" : scalar
                }
            )
        )
        return HTMLFormatter.escape(allowed)
    }
}
