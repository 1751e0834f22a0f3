import Foundation
import Roundtrip
import RoundtripGeneration

/// Turns a spec into the reference a partner app's developer reads: the app, how to call it,
/// and for each action its routes, convention, parameters, returns, security, and an example
/// request and answer built with the library's ``ExampleRequest``.
///
/// Format-neutral: the result is a ``DocsDocument``, written by the formatters.
struct DocsRenderer {
    let spec: Spec
    /// The spec's file name, shown under the title.
    let source: String?

    func document() -> DocsDocument {
        var blocks: [DocsBlock] = []
        if let description = spec.app.description { blocks += paragraphs(description) }
        blocks.append(.facts(appFacts()))
        blocks.append(.section(DocsSection(id: "actions", level: 2, title: [.text("Actions")], blocks: [actionTable()])))
        blocks.append(.section(DocsSection(id: "callbacks", level: 2, title: [.text("Callbacks")], blocks: callbackPolicy())))
        blocks.append(.section(DocsSection(id: "sources", level: 2, title: [.text("Who may call")], blocks: [sourcesParagraph(spec.sources)])))
        if spec.keys.isEmpty == false || spec.actions.contains(where: { $0.signatures != .off }) {
            blocks.append(.section(DocsSection(id: "signing", level: 2, title: [.text("Signing requests")], blocks: signing())))
        }
        for action in spec.actions { blocks.append(.section(section(for: action))) }
        return DocsDocument(
            title: "\(spec.app.name) URL API",
            subtitle: source.map { "Generated from \($0) by roundtrip spec docs." },
            blocks: blocks
        )
    }

    /// The section id of an action: `action-` and its name, with anything but letters, digits,
    /// `-` and `_` written as `.` and its hex code.
    static func sectionID(_ action: String) -> String {
        var id = "action-"
        for scalar in action.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" {
                id.unicodeScalars.append(scalar)
            } else {
                id += "." + String(scalar.value, radix: 16)
            }
        }
        return id
    }

    // MARK: - The app

    private func appFacts() -> [DocsFact] {
        var facts: [DocsFact] = []
        if let appID = spec.app.appID { facts.append(DocsFact(term: "App ID", value: [.code(appID)])) }
        if !spec.app.schemes.isEmpty {
            facts.append(DocsFact(term: "URL schemes", value: joined(spec.app.schemes.map { [.code($0 + ":")] })))
        }
        if !spec.app.domains.isEmpty {
            facts.append(DocsFact(term: "Universal link domains", value: joined(spec.app.domains.map { [.code($0)] })))
        }
        if spec.app.services.webCredentials {
            facts.append(DocsFact(term: "Shared web credentials", value: [.text("on the universal link domains (webcredentials)")]))
        }
        if let clip = spec.app.services.appClip {
            facts.append(DocsFact(term: "App Clip", value: [.code(clip)]))
        }
        facts.append(DocsFact(term: "Actions", value: [.text("\(spec.actions.count)")]))
        facts.append(
            DocsFact(
                term: "Encoding",
                value: [
                    .text(
                        "Every name and value is percent-encoded (RFC 3986) and read once, as UTF-8; control characters, a parameter given twice "
                            + "(except a repeated list) and undeclared parameters are refused unless an action says otherwise."
                    )
                ]
            )
        )
        return facts
    }

    private func actionTable() -> DocsBlock {
        let rows: [[[DocsInline]]] = spec.actions.map { action in
            [
                [.link([.code(action.name)], section: Self.sectionID(action.name))],
                joined(action.routes.map { [.code($0.text)] }),
                [.code(action.convention.rawValue)],
                action.description.map { Self.prose(firstSentence($0)) } ?? [],
            ]
        }
        return .table(columns: ["Action", "Route", "Convention", "Summary"], rows: rows)
    }

    private func callbackPolicy() -> [DocsBlock] {
        var blocks: [DocsBlock] = []
        if let allowList = spec.callbacks {
            blocks.append(
                .paragraph([
                    .text(
                        "A callback URL is accepted only when its scheme, host, port and path equal one of these bases (scheme and host "
                            + "in any letter case); it may carry any query, never a fragment:"
                    )
                ])
            )
            blocks.append(.bullets(allowList.map { [.code($0.description)] }))
            if allowList.isEmpty { blocks.append(.paragraph([.text("The list is empty: no callback is accepted.")])) }
        } else {
            let platform = CallbackPolicy.platformSchemes.sorted().map { [DocsInline.code($0 + ":")] }
            var text: [DocsInline] = [
                .text(
                    "The spec has no allow-list, so any absolute callback URL is accepted except one with user-info, a backslash, a "
                        + "fragment or a control character, an https URL without a host, "
                )
            ]
            if !spec.app.schemes.isEmpty {
                text += [.text("the app's own schemes (")] + joined(spec.app.schemes.map { [.code($0 + ":")] }) + [.text(", which would loop), ")]
            }
            text += [
                .text("any scheme in IANA's URI scheme registry but "), .code("https:"),
                .text(" (the copy of \(URISchemeRegistry.date)), any scheme beginning "), .code("x-apple"),
                .text(", or one of these schemes, which the platform handles itself: "),
            ]
            text += joined(platform) + [.text(".")]
            blocks.append(.paragraph(text))
            if !spec.allowSchemes.isEmpty {
                blocks.append(
                    .paragraph(
                        [.text("The spec allows these forbidden schemes all the same (allow-schemes): ")]
                            + joined(spec.allowSchemes.map { [.code($0 + ":")] }) + [.text(".")]
                    )
                )
            }
        }
        for convention in Convention.allCases where convention.requiresHTTPSCallbacks && spec.actions.contains(where: { $0.convention == convention })
        {
            let parameters = convention.callbackParameters().map { [DocsInline.code($0.parameter)] }
            blocks.append(.paragraph([.text("Universal Link Callbacks (")] + joined(parameters) + [.text(") must be https.")]))
        }
        return blocks
    }

    private func signing() -> [DocsBlock] {
        var blocks: [DocsBlock] = [
            .paragraph([
                .text("A signed request ends with "), .code("rt-kid=<key id>&rt-ts=<unix seconds>&rt-id=<unique id>&rt-sig=<signature>"),
                .text(". "), .code("rt-sig"),
                .text(" comes last and is base64url (no padding) of the signature over the exact bytes of the URL before "),
                .code("&rt-sig="), .text(". A request is fresh within 300 seconds of "), .code("rt-ts"), .text(", and each "), .code("rt-id"),
                .text(" is accepted once."),
            ])
        ]
        if spec.keys.isEmpty {
            blocks.append(.paragraph([.text("The spec names no keys, so no signature can verify.")]))
        } else {
            let rows: [[[DocsInline]]] = spec.keys.map { key in
                let held: [DocsInline] =
                    switch key.material {
                    case .secretEnvironment(let variable):
                        [.text("a shared secret; the app reads it from the environment variable "), .code(variable)]
                    case .keychain(let account): [.text("a shared secret; the app reads it from the Keychain account "), .code(account)]
                    case .publicKey(let bytes): [.text("Ed25519; the app holds the public key "), .code(Data(bytes).base64EncodedString())]
                    }
                return [[.code(key.id)], [.code(key.algorithm.rawValue)], held]
            }
            blocks.append(.table(columns: ["Key ID (rt-kid)", "Algorithm", "Key"], rows: rows))
        }
        return blocks
    }

    // MARK: - An action

    private func section(for action: Action) -> DocsSection {
        var blocks: [DocsBlock] = []
        if let description = action.description { blocks += paragraphs(description) }
        blocks.append(.facts(actionFacts(action)))
        blocks += roundTripBlocks(action)
        blocks.append(.heading(3, [.text("Parameters")]))
        blocks += parameterBlocks(action)
        blocks.append(.heading(3, [.text("Returns")]))
        blocks += returnBlocks(action)
        blocks.append(.heading(3, [.text("Security")]))
        blocks.append(.facts(securityFacts(action)))
        blocks += exampleBlocks(action)
        return DocsSection(id: Self.sectionID(action.name), level: 2, title: [.code(action.name)], blocks: blocks)
    }

    private func actionFacts(_ action: Action) -> [DocsFact] {
        var facts = [
            DocsFact(term: action.routes.count == 1 ? "Route" : "Routes", value: joined(action.routes.map { [.code($0.text)] })),
            DocsFact(term: "Convention", value: [.code(action.convention.rawValue), .text(": ")] + conventionExplanation(action)),
        ]
        facts += selectFacts(action)
        if !action.outcomes.isEmpty {
            facts.append(DocsFact(term: "Outcomes", value: joined(action.outcomes.map { [.code($0)] })))
        }
        let undeclared: [DocsInline] =
            switch action.unknownParameters {
            case .reject: [.text("refused ("), .code("unknown-parameter"), .text(")")]
            case .ignore: [.text("dropped")]
            case .accept: [.text("passed to the app as text (still decoded strictly)")]
            }
        facts.append(DocsFact(term: "Undeclared parameters", value: undeclared))
        if action.queryEncoding == .form {
            facts.append(
                DocsFact(
                    term: "Query encoding",
                    value: [.code("form"), .text(": a "), .code("+"), .text(" reads as a space; send a plus as "), .code("%2B")]
                )
            )
        }
        return facts
    }

    /// What the convention means for the caller, in one sentence.
    func conventionExplanation(_ action: Action) -> [DocsInline] {
        Self.prose(action.conventionExplanation)
    }

    private func parameterBlocks(_ action: Action) -> [DocsBlock] {
        let placeholders = Set(action.routes.flatMap(\.placeholderNames))
        var rows: [[[DocsInline]]] = []
        for parameter in action.parameters {
            let place: [DocsInline] =
                if action.routes.contains(where: { $0.hostPlaceholder == parameter.name }) {
                    [.text("the URL's host (any host, lowercased)")]
                } else if action.routes.contains(where: { $0.restPlaceholder == parameter.name }) {
                    [.text("the rest of the path (one or more segments, joined with '/')")]
                } else {
                    placeholders.contains(parameter.name) ? [.text("a route segment")] : []
                }
            rows.append(parameterRow(parameter, place: place))
        }
        if let value = action.queryValue { rows.append(parameterRow(value, place: [.text("the whole query")])) }
        if let value = action.fragment { rows.append(parameterRow(value, place: [.text("the fragment")])) }
        guard !rows.isEmpty else {
            return [.paragraph([.text("None: the request carries only the convention's callbacks.")])]
        }
        return [.table(columns: ["Name", "Type", "Required", "Default", "Rules", "Description"], rows: rows)]
    }

    private func returnBlocks(_ action: Action) -> [DocsBlock] {
        if let nothing = action.nothingReturnedExplanation {
            return [.paragraph(Self.prose(nothing))]
        }
        let answer = Self.prose(action.successAnswerName ?? "the success answer")
        let prefixed: [DocsInline] =
            action.responsePrefix.isEmpty ? [] : [.text(", each name after the prefix "), .code(action.responsePrefix)]
        guard let returns = action.returns else {
            return [.paragraph([.text("Not declared: ")] + answer + [.text(" may carry any parameters")] + prefixed + [.text(".")])]
        }
        guard !returns.isEmpty else { return [.paragraph([.text("Nothing: ")] + answer + [.text(" carries no parameters.")])] }
        return [
            .paragraph([.text("What ")] + answer + [.text(" carries")] + prefixed + [.text(":")]),
            .table(
                columns: ["Name", "Type", "Required", "Default", "Rules", "Description"],
                rows: returns.map { parameterRow($0, place: []) }
            ),
        ]
    }

    private func parameterRow(_ parameter: ParameterSpec, place: [DocsInline]) -> [[DocsInline]] {
        var type: [DocsInline] = [.text(parameter.type.description)]
        switch parameter.type {
        case .date(let format):
            type += format == .iso8601 ? [.text(" (ISO 8601)")] : [.text(" "), .code(format.pattern)]
        case .boolean:
            // What the value may be, exactly as the decoder reads it.
            switch parameter.booleanFormat {
            case .yesNo: type += [.text(" ("), .code("yes"), .text(" or "), .code("no"), .text(", in any letter case)")]
            case .trueFalse:
                type += [.text(" ("), .code("true"), .text(", "), .code("false"), .text(", "), .code("1"), .text(" or "), .code("0"), .text(")")]
            case .presence:
                type += [
                    .text(" switch ("), .code(parameter.name), .text(" alone is true, absent is false; a value is "), .code("true"), .text(", "),
                    .code("false"), .text(", "), .code("1"), .text(" or "), .code("0"), .text(")"),
                ]
            }
        default:
            break
        }
        if let list = parameter.list { type += [.text(", \(list.rawValue) list")] }
        var defaultValue: [DocsInline] = []
        if let value = parameter.defaultValue {
            defaultValue = [.code(value)]
        } else if let items = parameter.defaultItems {
            defaultValue = joined(items.map { [.code($0)] })
        }
        let rules = (place.isEmpty ? [] : [place]) + self.rules(parameter)
        return [
            [.code(parameter.name)], type, [parameter.isRequired ? .strong("yes") : .text("no")], defaultValue, joined(rules, separator: "; "),
            parameter.description.map(Self.prose) ?? [],
        ]
    }

    /// Every constraint of a parameter, one phrase each.
    func rules(_ parameter: ParameterSpec) -> [[DocsInline]] {
        var rules: [[DocsInline]] = []
        if parameter.isPrefix {
            rules.append([
                .text("every name starting "), .code(String(parameter.namePrefix)),
                .text(" and at least one character longer, each with its own value; a name declared on its own is not included"),
            ])
        }
        if let list = parameter.list {
            let how: [DocsInline] =
                switch list {
                case .repeated: [.text("the name once per item")]
                case .comma: [.text("items separated by "), .code(",")]
                case .newline: [.text("items on separate lines")]
                case .space: [.text("items separated by single spaces ("), .code("%20"), .text(")")]
                }
            rules.append(how)
            if let bounds = parameter.itemBounds { rules.append([.text(bounds)]) }
        }
        if let values = parameter.allowedValues { rules.append([.text("one of ")] + joined(values.map { [.code($0)] })) }
        if let pattern = parameter.pattern { rules.append([.text("matches "), .code(pattern.source)]) }
        rules += parameter.valueBoundPhrases.map { [.text($0)] }
        if parameter.type == .base64 { rules.append([.text("standard base64 with padding")]) }
        if parameter.type == .json { rules.append([.text("JSON text")]) }
        if parameter.isMultiline {
            rules.append([
                .text(parameter.allowsLoneCarriageReturn ? "line breaks (LF, CR LF or a lone CR) and tabs allowed" : "line breaks and tabs allowed")
            ])
        }
        if parameter.allowsEmpty { rules.append([.text("may be empty ("), .code(parameter.name + "="), .text(")")]) }
        if parameter.type == .secret {
            rules.append(
                [.text("must equal the app's secret")] + (parameter.secretEnvironment.map { [.text(" ("), .code($0), .text(")")] } ?? [])
            )
        }
        return rules
    }

    private func securityFacts(_ action: Action) -> [DocsFact] {
        var facts: [DocsFact] = []
        let link: [DocsInline] = [.link([.text("Signing requests")], section: "signing")]
        switch action.signatures {
        case .off:
            facts.append(
                DocsFact(
                    term: "Signatures",
                    value: [.text("off: requests are not signed, and "), .code("rt-"), .text(" signature parameters are ignored.")]
                )
            )
        case .optional:
            facts.append(
                DocsFact(
                    term: "Signatures",
                    value: [.text("optional: a signed request must verify, an unsigned one is accepted (")] + link + [.text(").")]
                )
            )
        case .required:
            facts.append(
                DocsFact(
                    term: "Signatures",
                    value: [.text("required: an unsigned request is refused with "), .code("missing-signature"), .text(" (")] + link + [.text(").")]
                )
            )
        }
        if action.signatures != .off, !spec.keys.isEmpty {
            facts.append(DocsFact(term: "Keys", value: joined(spec.keys.map { [.code($0.id), .text(" (\($0.algorithm.rawValue))")] })))
        }
        facts.append(DocsFact(term: "Sources", value: sourcesText(action.sources)))
        let secrets = (action.parameters + [action.queryValue, action.fragment].compactMap { $0 }).filter { $0.type == .secret }
        for secret in secrets {
            var text: [DocsInline] = [.code(secret.name), .text(" must equal the secret the app holds")]
            if let variable = secret.secretEnvironment { text += [.text(" in "), .code(variable)] }
            text += [
                .text(", compared in constant time; a wrong value, or none configured, is refused with "), .code("unauthorized"),
                .text(", and the value is never echoed."),
            ]
            facts.append(DocsFact(term: "Secret", value: text))
        }
        if !action.wayBack.callbacks.isEmpty {
            var text: [DocsInline] =
                spec.callbacks == nil
                ? [.text("any absolute URL the default rules allow")]
                : [.text("only the bases of the spec's allow-list")]
            text += [.text(" (")] + [.link([.text("Callbacks")], section: "callbacks")] + [.text(")")]
            if action.convention.requiresHTTPSCallbacks { text.append(.text("; https only")) }
            facts.append(DocsFact(term: "Callbacks", value: text + [.text(".")]))
        }
        facts += answerFacts(action)
        return facts
    }

    private func sourcesParagraph(_ sources: SourcePolicy) -> DocsBlock {
        var text = sourcesText(sources)
        if case .text(let first) = text.first { text[0] = .text(first.prefix(1).uppercased() + first.dropFirst()) }
        return .paragraph(
            text
                + [
                    .text(
                        " The source application is weak evidence (iOS does not report it across developer teams, and SwiftUI's onOpenURL "
                            + "never does); signatures authenticate a caller."
                    )
                ]
        )
    }

    private func sourcesText(_ sources: SourcePolicy) -> [DocsInline] {
        if sources.allow == nil, sources.deny.isEmpty, sources.unknown == .allow {
            return [.text("any calling app; the source application is not checked.")]
        }
        var parts: [[DocsInline]] = []
        if let allow = sources.allow {
            parts.append([.text("only ")] + (allow.isEmpty ? [.text("no app")] : joined(allow.map { [.code($0)] })))
        }
        if !sources.deny.isEmpty { parts.append([.text("never ")] + joined(sources.deny.map { [.code($0)] })) }
        parts.append(
            sources.unknown == .allow
                ? [.text("a request whose source the system does not report is accepted")]
                : [.text("a request whose source the system does not report is refused ("), .code("untrusted-source"), .text(")")]
        )
        return joined(parts, separator: "; ") + [.text(".")]
    }

    // MARK: - Examples

    private func exampleBlocks(_ action: Action) -> [DocsBlock] {
        var blocks: [DocsBlock] = [.heading(3, [.text("Example request")])]
        let example: ExampleRequest
        do {
            example = try ExampleRequest(for: action, in: spec)
        } catch {
            blocks.append(.paragraph([.text("No example can be built from the spec: \(error.message)")]))
            return blocks
        }
        blocks.append(.code(label: "Example request to \(action.name)", text: example.displayURL))
        var notes: [[DocsInline]] = []
        if let base = example.callbackBase {
            notes.append(
                [.text("The callbacks come from the base "), .code(base)]
                    + [.text(", each with the "), .code("rt-state"), .text(" nonce Roundtrip's request builder adds; use your own.")]
            )
        } else if action.convention.facts.describesOwnWayBack {
            notes.append([.text("The example sends no callbacks; add them where the action's callback-parameters say.")])
        } else if action.convention.callbacksAreOptional {
            notes.append([.text("No base in the spec's callbacks list suits this action's outcomes, so the example sends no callbacks.")])
        }
        if !example.environment.isEmpty {
            notes.append([.code("<secret from VAR>"), .text(" stands for the secret itself, which the spec never holds.")])
        }
        if example.needsSignature {
            notes.append([.text("Sign the URL before sending it (")] + [.link([.text("Signing requests")], section: "signing")] + [.text(").")])
        }
        if let note = sourceNote(action.sources) { notes.append(note) }
        blocks += notes.map(DocsBlock.paragraph)

        blocks.append(.heading(3, [.text("Example answer")]))
        do {
            if let answer = try example.answer(in: spec) {
                blocks.append(.code(label: "Example answer from \(action.name)", text: answer))
            } else {
                let why =
                    if action.wayBack.callbacks.isEmpty {
                        "None: the convention is \(action.convention)."
                    } else if action.successOutcome == nil {
                        "None: the action never answers success."
                    } else {
                        "None: the example request carries no callback."
                    }
                blocks.append(.paragraph([.text(why)]))
            }
        } catch {
            blocks.append(.paragraph([.text("No example answer can be built from the spec: \(error.message)")]))
        }
        return blocks
    }

    /// What the example needs of its source application, when the action's `sources` refuse a
    /// request without one: the example URL carries none, and `request handle` takes it as
    /// `--source`.
    func sourceNote(_ sources: SourcePolicy) -> [DocsInline]? {
        if let allow = sources.allow {
            guard let first = allow.first else {
                return [.text("The app accepts no calling app ("), .code("allow"), .text(" is empty), so it refuses this request from anywhere.")]
            }
            return [.text("The app accepts the request only from ")] + joined(allow.map { [.code($0)] }, last: "or")
                + [.text("; try it with "), .code("request handle --source \(first)"), .text(".")]
        }
        guard sources.unknown == .reject else { return nil }
        let example = ["com.example.caller", "com.example.other"].first { !sources.deny.contains($0) } ?? "com.example.caller"
        return [
            .text("The app refuses a request whose source the system does not report ("), .code("untrusted-source"),
            .text("); try it with a calling app's bundle ID, "), .code("request handle --source \(example)"), .text("."),
        ]
    }

    // MARK: - Text

    /// Free text as paragraphs: split at blank lines, lines joined with spaces.
    private func paragraphs(_ text: String) -> [DocsBlock] {
        text.components(separatedBy: "\n\n")
            .map { $0.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
            .filter { !$0.isEmpty }
            .map { .paragraph(Self.prose($0)) }
    }

    /// A spec's free text, where a code span reads as code, as spec authors write names.
    ///
    /// Code spans as CommonMark 0.31 reads them ("Code spans"): a run of backticks opens one,
    /// the next run of the same length closes it (``` ``a `b` c`` ``` holds `` a `b` c ``),
    /// a line break inside reads as a space, one space is stripped from each end when both
    /// have one, and a run that nothing closes is text.
    static func prose(_ text: String) -> [DocsInline] {
        let characters = Array(text)
        var runs: [DocsInline] = []
        var plain = ""
        var index = 0
        func backticks(at start: Int) -> Int {
            var end = start
            while end < characters.count, characters[end] == "`" { end += 1 }
            return end - start
        }
        while index < characters.count {
            guard characters[index] == "`" else {
                plain.append(characters[index])
                index += 1
                continue
            }
            let opening = backticks(at: index)
            var search = index + opening
            var closing: Int?
            while search < characters.count {
                guard characters[search] == "`" else {
                    search += 1
                    continue
                }
                let length = backticks(at: search)
                if length == opening {
                    closing = search
                    break
                }
                search += length
            }
            guard let closing else {
                plain += String(repeating: "`", count: opening)
                index += opening
                continue
            }
            var content = String(characters[(index + opening)..<closing]).map { $0.isNewline ? " " : $0 }
            if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                content = Array(content.dropFirst().dropLast())
            }
            if !plain.isEmpty { runs.append(.text(plain)) }
            plain = ""
            runs.append(.code(String(content)))
            index = closing + opening
        }
        if !plain.isEmpty { runs.append(.text(plain)) }
        return runs.isEmpty ? [.text(text)] : runs
    }

    private func firstSentence(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard let end = flat.range(of: ". ") else { return flat }
        return String(flat[..<end.lowerBound]) + "."
    }

    /// Items joined with `separator`, or with commas and `last` before the last.
    func joined(_ items: [[DocsInline]], separator: String = ", ", last: String? = nil) -> [DocsInline] {
        var output: [DocsInline] = []
        for (index, item) in items.enumerated() {
            if index > 0 {
                if let last, index == items.count - 1 {
                    output.append(.text(items.count > 2 ? ", \(last) " : " \(last) "))
                } else {
                    output.append(.text(separator))
                }
            }
            output += item
        }
        return output
    }
}
