import Foundation
import RoundtripToolsTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `roundtrip spec docs --format html` draws each action's round trip as an inline SVG sequence
/// diagram. Each drawing is read back with Foundation's `XMLParser`: well-formed XML, an image
/// named and described for assistive technology, one request arrow and one dashed arrow back per
/// outcome, every label escaped, and a size that stays bounded whatever the spec holds.
@Suite("CLI: spec docs sequence diagrams")
struct SequenceDiagramCLITests {
    /// Every committed spec, and the partners' own shapes.
    static let specs: [String] = SpecDocsCommandTests.specs + [CommandLineRunner.fixture("custom/payments.yaml")]

    /// One `<svg>` read back: its root's attributes, its title and description, and for each
    /// arrow group (`request`, `reply`) its outcome and the text of its label.
    struct Drawing {
        var root: [String: String] = [:]
        var title = ""
        var desc = ""
        var ids: Set<String> = []
        var groups: [(kind: String, outcome: String?, text: String)] = []
        var elements: Set<String> = []
        var attributeNames: Set<String> = []

        var replies: [(outcome: String?, text: String)] { groups.filter { $0.kind == "reply" }.map { ($0.outcome, $0.text) } }
        var request: String? { groups.first { $0.kind == "request" }?.text }
        var width: Double { Double(root["width"] ?? "") ?? .infinity }
        var height: Double { Double(root["height"] ?? "") ?? .infinity }
    }

    /// Reads an `<svg>` with `XMLParser`, lines of a label joined by a newline.
    final class Reader: NSObject, XMLParserDelegate {
        var drawing = Drawing()
        private var stack: [String] = []
        private var group: (kind: String, outcome: String?, text: String)?
        private var inTitle = false
        private var inDesc = false

        func parser(
            _ parser: XMLParser,
            didStartElement elementName: String,
            namespaceURI: String?,
            qualifiedName qName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            if stack.isEmpty { drawing.root = attributeDict }
            stack.append(elementName)
            drawing.elements.insert(elementName)
            drawing.attributeNames.formUnion(attributeDict.keys)
            if let id = attributeDict["id"] { drawing.ids.insert(id) }
            switch elementName {
            case "title": inTitle = true
            case "desc": inDesc = true
            case "g" where attributeDict["class"] == "request" || attributeDict["class"] == "reply":
                group = (attributeDict["class"]!, attributeDict["data-outcome"], "")
            case "text" where group != nil && !(group?.text.isEmpty ?? true):
                group?.text += "\n"
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            stack.removeLast()
            switch elementName {
            case "title": inTitle = false
            case "desc": inDesc = false
            case "g":
                if let group { drawing.groups.append(group) }
                group = nil
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle { drawing.title += string }
            if inDesc { drawing.desc += string }
            if group != nil { group?.text += string }
        }
    }

    static func read(_ svg: String) throws -> Drawing {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "") in \(svg.prefix(300))")
        return reader.drawing
    }

    /// The page's drawings, by the id of the action section each is in.
    static func drawings(_ html: String) throws -> [(section: String, drawing: Drawing)] {
        var found: [(String, Drawing)] = []
        for section in html.components(separatedBy: "<section id=\"").dropFirst() {
            let id = String(section.prefix { $0 != "\"" })
            var rest = Substring(section)
            while let open = rest.range(of: "<svg"), let close = rest.range(of: "</svg>", range: open.upperBound..<rest.endIndex) {
                found.append((id, try read(String(rest[open.lowerBound..<close.upperBound]))))
                rest = rest[close.upperBound...]
            }
        }
        return found
    }

    func html(_ spec: String) throws -> String {
        let run = try CommandLineRunner.run(["spec", "docs", spec, "--format", "html"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        return run.stdout
    }

    func temporarySpec(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-diagram-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: - Tests

    @Test(arguments: specs)
    func everyActionHasOneWellFormedSelfContainedDiagram(_ spec: String) throws {
        let page = try html(spec)
        let drawings = try Self.drawings(page)
        let sections = page.components(separatedBy: "<section id=\"action-").count - 1
        #expect(sections > 0)
        #expect(drawings.count == sections, "\(spec)")
        #expect(Set(drawings.map(\.section)).count == sections, "\(spec): one drawing per action")
        for (section, drawing) in drawings {
            #expect(drawing.root["xmlns"] == "http://www.w3.org/2000/svg")
            #expect(drawing.root["role"] == "img")
            let labels = (drawing.root["aria-labelledby"] ?? "").split(separator: " ").map(String.init)
            #expect(labels == ["\(section)-round-trip-title", "\(section)-round-trip-desc"], "\(section)")
            #expect(Set(labels).isSubset(of: drawing.ids))
            #expect(drawing.title.hasPrefix("Round trip of "))
            #expect(!drawing.desc.isEmpty)
            #expect(drawing.groups.filter { $0.kind == "request" }.count == 1, "\(section)")
            // Nothing runs and nothing loads: no script, link, image, foreign content or style
            // sheet, and no attribute that could point elsewhere or run code.
            #expect(drawing.elements.isDisjoint(with: ["script", "a", "image", "use", "foreignObject", "style", "iframe", "feImage"]))
            #expect(!drawing.attributeNames.contains { $0.hasPrefix("on") || $0.contains("href") || $0 == "src" || $0 == "style" })
            #expect(
                drawing.width.isFinite && drawing.height.isFinite
                    && drawing.root["viewBox"] == "0 0 \(drawing.root["width"]!) \(drawing.root["height"]!)"
            )
        }
    }

    /// The arrows back follow the action's way back: one per outcome, to the callback the
    /// partner's own shape names, with the outcome's word, the fields, the echo and `rt-state`.
    @Test func customShapesDrawEachOutcomesWayBack() throws {
        let drawings = try Self.drawings(try html(CommandLineRunner.fixture("custom/payments.yaml")))
        let byAction = Dictionary(drawings.map { ($0.section, $0.drawing) }, uniquingKeysWith: { first, _ in first })

        let pay = try #require(byAction["action-pay"])
        #expect(pay.replies.map(\.outcome) == ["success", "error"])
        let request = try #require(pay.request)
        #expect(request.contains("paymentapp://pay/1.0"))
        #expect(request.contains("amount  required"))
        #expect(request.contains("callbacksuccess  callback for success"))
        #expect(request.contains("callbackfail  callback for error"))
        #expect(pay.replies[0].text.hasPrefix("success → callbacksuccess\n"), "\(pay.replies[0].text)")
        #expect(pay.replies[0].text.contains("smp-status=success  the outcome"))
        #expect(pay.replies[0].text.contains("smp-tx-code  optional"))
        #expect(pay.replies[0].text.contains("foreign-tx-id  echoed"))
        #expect(pay.replies[1].text.hasPrefix("error → callbackfail\n"))
        #expect(pay.replies[1].text.contains("smp-status=failed  the outcome"))

        let charge = try #require(byAction["action-charge"])
        #expect(charge.replies.map(\.outcome) == ["success", "error"])
        #expect(charge.request?.contains("/callback_url  in data: callback for every outcome") == true)
        #expect(charge.replies.allSatisfy { $0.text.hasPrefix("\($0.outcome ?? "") → /callback_url in data\n") })
        #expect(charge.replies[0].text.contains("data  a JSON object (RFC 8259) of the fields after it"))
        #expect(charge.replies[0].text.contains("status=ok"))
        #expect(charge.replies[1].text.contains("status=error"))

        let template = try #require(byAction["action-take-payment"])
        #expect(template.replies.map(\.outcome) == ["success", "error"])
        #expect(template.replies[0].text.contains("{Type}  the outcome: success"))
        #expect(template.replies[0].text.contains("{TransactionId}  optional"))
        #expect(template.desc.contains("On error, Payments opens the URL of returnUrl template, filled in"))
    }

    /// The conventions' presets draw from the same model: x-callback-url's callbacks per outcome,
    /// return-url's one callback for each of its outcomes with the prefixed outcome field, a
    /// Universal Link Callback opened as sent, and no arrow back for `none`.
    @Test func conventionPresetsDrawFromTheSameModel() throws {
        let things = try Self.drawings(try html("Examples/things.yaml"))
        let add = try #require(things.first { $0.section == "action-add" }?.drawing)
        #expect(add.replies.map(\.outcome) == ["success", "error", "cancel"])
        #expect(add.request?.contains("x-success  callback for success") == true)
        #expect(add.replies[2].text.hasPrefix("cancel → x-cancel\n"))

        let terminal = Dictionary(
            try Self.drawings(try html("Examples/card-terminal.yaml")).map { ($0.section, $0.drawing) },
            uniquingKeysWith: { first, _ in first }
        )
        let charge = try #require(terminal["action-charge"])
        #expect(charge.replies.map(\.outcome) == ["approved", "declined", "cancelled", "error"])
        #expect(charge.replies.allSatisfy { $0.text.hasPrefix("\($0.outcome ?? "") → returnURL\n") })
        #expect(charge.replies[1].text.contains("ifcc_responseType=declined  the outcome"))
        let logout = try #require(terminal["action-logout"])
        #expect(logout.replies.map(\.outcome) == ["success", "error"])
        #expect(logout.replies.allSatisfy { $0.text.contains("rt-state  in the URL as sent; nothing appended") })
        let addTask = try #require(terminal["action-add-task"])
        #expect(addTask.replies.isEmpty)
        #expect(addTask.desc.contains("No way back"))
    }

    /// Names holding XML's special characters come back as written, inside well-formed XML;
    /// a long name wraps, and however many parameters and outcomes, the drawing's size is capped.
    @Test func labelsAreEscapedAndTheSizeIsBounded() throws {
        func spec(parameters: Int, outcomes: Int) -> String {
            // A required parameter after all the optional ones.
            let names = (0..<parameters).map { "      p\($0): {type: string}\n" }.joined() + "      last: {type: string, required: true}\n"
            let callbacks = (0..<outcomes).map { "      o\($0): cb\($0)\n" }.joined()
            let outcomeList = (0..<outcomes).map { "o\($0)" }.joined(separator: ", ")
            return """
                roundtrip: 1
                app:
                  name: "Shop <&> \\"Quotes\\" 'n' </svg>"
                  schemes: [shop]
                actions:
                  "pay<&>":
                    url: shop://pay
                    convention: custom
                    outcomes: [\(outcomeList)]
                    parameters:
                      "a<b>&c\\"d'e": {type: string, required: true}
                      \(String(repeating: "long", count: 60)): {type: string}
                \(names)    callback-parameters:
                \(callbacks)
                """
        }
        let small = try temporarySpec(spec(parameters: 1, outcomes: 2))
        let drawing = try #require(try Self.drawings(try html(small)).first?.drawing)
        #expect(drawing.title == "Round trip of pay<&>")
        #expect(drawing.desc.contains("in Shop <&> \"Quotes\" 'n' </svg> with cb0 (callback for o0), "), "\(drawing.desc)")
        #expect(drawing.desc.contains(", a<b>&c\"d'e (required), "), "\(drawing.desc)")
        let request = try #require(drawing.request)
        #expect(request.contains("a<b>&c\"d'e  required"))
        // 240 characters in lines of at most 60 columns, cut after three lines.
        let long = request.split(separator: "\n").filter { $0.contains("longlong") }
        #expect(long.count == 3, "\(request)")
        #expect(long.allSatisfy { $0.count <= 60 })
        #expect(long.last?.hasSuffix("…") == true)

        let many = try #require(try Self.drawings(try html(try temporarySpec(spec(parameters: 400, outcomes: 40)))).first?.drawing)
        let fewer = try #require(try Self.drawings(try html(try temporarySpec(spec(parameters: 40, outcomes: 12)))).first?.drawing)
        #expect(many.replies.count == 6)
        #expect(many.request?.contains("+433 more") == true, "\(many.request ?? "")")
        // The callbacks come first, then the required parameters: a cut never hides those first.
        let shown = try #require(many.request?.split(separator: "\n").map(String.init))
        #expect(shown.count == 12 && shown[1] == "cb0  callback for o0" && shown[10] == "cb9  callback for o9", "\(shown)")
        let twoOutcomes = try #require(try Self.drawings(try html(try temporarySpec(spec(parameters: 40, outcomes: 2)))).first?.drawing)
        let required = try #require(twoOutcomes.request?.split(separator: "\n").map(String.init))
        #expect(Array(required[1...4]) == ["cb0  callback for o0", "cb1  callback for o1", "a<b>&c\"d'e  required", "last  required"], "\(required)")
        #expect(many.desc.contains("On o39,"), "the description still says every outcome")
        #expect(many.width == fewer.width)
        #expect(many.height == fewer.height)
        #expect(many.width < 800 && many.height < 2000, "\(many.width) × \(many.height)")
    }

    /// The Markdown has no drawing, and says the way back per outcome in words instead: the
    /// callback each answer goes to and what it carries.
    @Test func markdownSaysTheWayBackPerOutcome() throws {
        let run = try CommandLineRunner.run(["spec", "docs", CommandLineRunner.fixture("custom/payments.yaml")])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("<svg"))
        #expect(run.stdout.components(separatedBy: "\n### Round trip\n").count - 1 == 3)
        for line in [
            "- `success`: the app opens the URL given in `callbacksuccess`, with `smp-status=success` (the outcome), `smp-tx-code` (optional), "
                + "`foreign-tx-id` (echoed), `rt-state` (kept in the callback's own query).",
            "- `error`: the app opens the URL given in `/callback_url` (in data), with `data` (a JSON object (RFC 8259) of the fields after it), "
                + "`status=error` (the outcome), `…` (fields not declared), `rt-state` (kept in the callback's own query).",
            "- `success`: the app opens the URL given in `returnUrl` (template, filled in), with `{Type}` (the outcome: success), "
                + "`{TransactionId}` (optional), `rt-state` (kept in the callback's own query).",
        ] {
            #expect(run.stdout.contains(line + "\n"), "\(line)")
        }
        let none = try CommandLineRunner.run(["spec", "docs", "Examples/card-terminal.yaml"])
        #expect(none.stdout.contains("No way back: under convention none the app opens nothing to come back."))
    }

    /// Debian's headless chromium reads the drawings as a reader's browser does: each is an SVG
    /// element in the DOM with its title, and the HTML parser keeps every label and arrow as
    /// written (a stray `<` or `&` would have reshaped them).
    @Test(.enabled(if: SpecDocsCommandTests.chromium != nil, "chromium is not installed (.ci/run installs it)"))
    func chromiumReadsEveryDrawingAsWritten() throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-diagram-\(UUID().uuidString).html")
        let written = try html(CommandLineRunner.fixture("custom/payments.yaml"))
        try written.write(to: page, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: page) }
        let dom = try SpecDocsCommandTests().dumpDOM(page.absoluteString)
        for action in ["pay", "charge", "take-payment"] {
            #expect(dom.contains("<title id=\"action-\(action)-round-trip-title\">Round trip of \(action)</title>"), "\(action)")
        }
        for element in ["<svg ", "<text ", "<tspan", "<line ", "<polygon ", "<g class=\"reply\""] {
            #expect(dom.components(separatedBy: element).count == written.components(separatedBy: element).count, "\(element)")
        }
        #expect(dom.components(separatedBy: "<svg ").count - 1 == 3)
    }
}
