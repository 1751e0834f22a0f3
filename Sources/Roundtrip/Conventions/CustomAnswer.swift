import Foundation

/// A `custom` action's answer in the partner's own shape (its `answer:`), written by the
/// answering app and read by the calling app: the one home of both directions, so that what
/// ``ResponseBuilder`` writes is exactly what ``ResponseAcceptor`` reads.
///
/// Answer fields are named `<prefix><name>`; the outcome field carries the partner's word for
/// the outcome (the first one the spec lists); echoed request values keep their own names. The
/// fields travel as query parameters, as one JSON object (RFC 8259) in one parameter, or in the
/// `{Name}` placeholders of the caller's template callback.
enum CustomAnswer {
    // MARK: Writing

    /// The callback URL that answers `request` with `outcome`.
    ///
    /// - Throws: `invalid-parameter` for an outcome the action does not have, a field a template
    ///   has no place for, or a value that fails `returns`/`error-returns`; `reserved-parameter`
    ///   for the outcome field or an echoed name among `parameters`, or a name the callback
    ///   already carries; `missing-callback` when the request gave no callback for the outcome;
    ///   `missing-parameter` for a template placeholder left without a value.
    static func callbackURL(
        answering request: AcceptedRequest,
        action: Action,
        outcome: String,
        parameters: [QueryItem]
    ) throws(RoundtripError) -> String {
        guard action.outcomes.contains(outcome) else {
            throw RoundtripError(
                .invalidParameter,
                "the action '\(action.name)' answers \(action.outcomes.joined(separator: ", ")), not '\(outcome)'",
                parameter: "outcome"
            )
        }
        let declared = outcome == CustomRules().successOutcome(among: action.outcomes) ? action.returns : action.errorReturns
        if let declared { _ = try ReturnedValues.check(parameters, against: declared, action: action.name) }
        guard let url = request.callbackURLs[outcome] ?? request.callbackURLs[CallbackLocation.everyOutcome] else {
            let place = (action.wayBack.callback(for: outcome) ?? action.wayBack.callback(for: CallbackLocation.everyOutcome))?.place
            throw RoundtripError(
                .missingCallback,
                "the request has no callback \(place?.described ?? "") to answer '\(outcome)' on",
                parameter: place?.parameter ?? outcome
            )
        }
        let answer = action.wayBack.answer
        var fields: [Field] = []
        if let field = answer.outcome {
            fields.append(Field(name: answer.prefix + field.name, value: field.words(for: outcome).first ?? outcome, isJSONLiteral: false))
        }
        for item in parameters {
            if let field = answer.outcome, item.name == field.name {
                throw RoundtripError(.reservedParameter, "'\(item.name)' carries the outcome; it is set from --outcome", parameter: item.name)
            }
            if answer.echo.contains(item.name) {
                throw RoundtripError(
                    .reservedParameter,
                    "'\(item.name)' is echoed from the request as the caller sent it; leave it out",
                    parameter: item.name
                )
            }
            let type = declared?.first { $0.name == item.name }?.type
            let isLiteral = type == .integer || type == .decimal || type == .boolean
            fields.append(Field(name: answer.prefix + item.name, value: item.value ?? "", isJSONLiteral: isLiteral))
        }
        fields += try echoed(answer.echo, from: request, action: action)
        switch answer.form {
        case .query, .unchanged:
            return try ResponseBuilder.append(fields.map { QueryItem(name: $0.name, value: $0.value) }, to: url)
        case .json(let parameter):
            return try ResponseBuilder.append([QueryItem(name: parameter, value: JSONText.object(fields))], to: url)
        case .template:
            let given = Set(parameters.map { answer.prefix + $0.name })
            return try URLTemplate.filled(url, with: fields, required: given)
        }
    }

    /// One answer field as written; a declared number or Boolean is a JSON literal in a JSON answer.
    struct Field {
        let name: String
        let value: String
        let isJSONLiteral: Bool
    }

    /// The echoed request values, as the caller sent them: a query parameter's decoded value, or
    /// a member of one of the action's `json` parameters (its JSON text kept for a JSON answer).
    private static func echoed(_ names: [String], from request: AcceptedRequest, action: Action) throws(RoundtripError) -> [Field] {
        guard !names.isEmpty else { return [] }
        let split = try URLSplit(request.url)
        let items = try QueryCodec.decode(split.query ?? "", allowDuplicates: true)
        var documents: [DocumentNode] = []
        for parameter in action.parameters where parameter.type == .json {
            guard let text = items.first(where: { $0.name == parameter.name })?.value,
                let document = try? JSONParser.parse(Array(text.utf8), maximumDepth: ParameterParsing.maximumJSONDepth)
            else { continue }
            documents.append(document)
        }
        var fields: [Field] = []
        for name in names {
            if let item = items.first(where: { $0.name == name }) {
                fields.append(Field(name: name, value: item.value ?? "", isJSONLiteral: false))
            } else if let member = documents.lazy.compactMap({ $0.members?.first { $0.key == name }?.value }).first {
                let isString = member.string != nil
                fields.append(Field(name: name, value: member.string ?? JSONText.text(of: member), isJSONLiteral: !isString))
            }
        }
        return fields
    }

    // MARK: Reading

    /// The outcome, the word the answer said it with (`nil` for an answer without an outcome
    /// field, whose callback tells the outcome) and the answer's fields (unprefixed; echoed ones
    /// by their own names, the `state-parameter` left out), from the answer's items: query
    /// fields, or the one JSON parameter of a JSON answer, or a template's filled placeholders.
    ///
    /// - Throws: `missing-parameter` without the outcome field or the JSON parameter,
    ///   `unknown-outcome` for a word the spec does not list, `unknown-parameter` for a field
    ///   without the prefix or beside a JSON answer's parameter, `invalid-parameter` for a JSON
    ///   parameter that is no JSON object.
    static func interpret(
        _ answer: [QueryItem],
        shape: AnswerShape,
        request: PendingRequest,
        callbackKey: String
    ) throws(RoundtripError) -> (outcome: String, word: String?, parameters: [QueryItem]) {
        var fields = answer
        if case .json(let parameter) = shape.form {
            if let other = answer.first(where: { $0.name != parameter }) {
                throw RoundtripError(
                    .unknownParameter,
                    "the answer carries '\(ParameterParsing.abbreviated(other.name))' beside its JSON parameter '\(parameter)'",
                    parameter: other.name
                )
            }
            guard let text = answer.first?.value else {
                throw RoundtripError(.missingParameter, "the answer has no '\(parameter)' holding its fields as JSON", parameter: parameter)
            }
            fields = try members(ofJSON: text, parameter: parameter)
        }
        let outcomeName = shape.outcome.map { shape.prefix + $0.name }
        let outcome: String
        var spoken: String?
        if let field = shape.outcome, let outcomeName {
            guard let word = fields.first(where: { $0.name == outcomeName })?.value else {
                throw RoundtripError(.missingParameter, "the answer has no '\(outcomeName)' saying how the request ended", parameter: outcomeName)
            }
            guard let said = field.outcome(saidBy: word, among: request.outcomes) else {
                let listed = request.outcomes.map { "\(field.words(for: $0).joined(separator: " or ")) for \($0)" }.joined(separator: ", ")
                throw RoundtripError(
                    .unknownOutcome,
                    "the answer's '\(outcomeName)' is '\(ParameterParsing.abbreviated(word))', which the partner's spec lists for no outcome (it lists \(listed))",
                    parameter: outcomeName
                )
            }
            outcome = said
            spoken = word
        } else {
            outcome = callbackKey
        }
        var parameters: [QueryItem] = []
        for item in fields where item.name != outcomeName && item.name != request.stateParameter {
            if shape.echo.contains(item.name) {
                parameters.append(item)
                continue
            }
            guard item.name.hasPrefix(shape.prefix), item.name.count > shape.prefix.count else {
                throw RoundtripError(
                    .unknownParameter,
                    "the answer field '\(ParameterParsing.abbreviated(item.name))' lacks the answer prefix '\(shape.prefix)'",
                    parameter: item.name
                )
            }
            parameters.append(QueryItem(name: String(item.name.dropFirst(shape.prefix.count)), value: item.value ?? ""))
        }
        return (outcome, spoken, parameters)
    }

    /// The members of a JSON answer's object, as fields: a string as its text, any other value
    /// as its JSON text.
    static func members(ofJSON text: String, parameter: String) throws(RoundtripError) -> [QueryItem] {
        let document: DocumentNode
        do {
            document = try JSONParser.parse(Array(text.utf8), maximumDepth: ParameterParsing.maximumJSONDepth)
        } catch {
            throw RoundtripError(.invalidParameter, "the answer's '\(parameter)' is not JSON: \(error.message)", parameter: parameter)
        }
        guard let members = document.members else {
            throw RoundtripError(.invalidParameter, "the answer's '\(parameter)' is \(document.typeName), not a JSON object", parameter: parameter)
        }
        return members.map { QueryItem(name: $0.key, value: $0.value.string ?? JSONText.text(of: $0.value)) }
    }

    /// The value of the `state-parameter` field in an answer of `shape`, or `nil`.
    static func echoedState(_ name: String, in items: [QueryItem], url: String, shape: AnswerShape, template: String?) -> String? {
        switch shape.form {
        case .json(let parameter):
            guard let text = items.first(where: { $0.name == parameter })?.value else { return nil }
            return (try? members(ofJSON: text, parameter: parameter))?.first { $0.name == name }?.value
        case .template:
            guard let template else { return nil }
            return (try? URLTemplate.fields(in: url, template: template))?.first { $0.name == name }?.value
        case .query, .unchanged:
            return items.first { $0.name == name }?.value
        }
    }
}

/// JSON text (RFC 8259) written from parsed values: the answer's object, and a `json`
/// parameter with the callback set at a JSON Pointer (RFC 6901). Numbers keep their text.
enum JSONText {
    /// A JSON object of the fields, in order.
    static func object(_ fields: [CustomAnswer.Field]) -> String {
        var output = "{"
        for (index, field) in fields.enumerated() {
            if index > 0 { output += "," }
            JSONStringLiteral.append(field.name, to: &output)
            output += ":"
            if field.isJSONLiteral { output += field.value } else { JSONStringLiteral.append(field.value, to: &output) }
        }
        return output + "}"
    }

    /// A value as JSON text.
    ///
    /// - Complexity: O(*n*) in the size of the value.
    static func text(of node: DocumentNode) -> String {
        var output = ""
        write(node, to: &output)
        return output
    }

    private static func write(_ node: DocumentNode, to output: inout String) {
        if let members = node.members {
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONStringLiteral.append(member.key, to: &output)
                output += ":"
                write(member.value, to: &output)
            }
            output += "}"
        } else if let elements = node.elements {
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, to: &output)
            }
            output += "]"
        } else if let text = node.string {
            JSONStringLiteral.append(text, to: &output)
        } else {
            output += node.scalarText ?? "null"
        }
    }

    /// `document` (JSON text, or `nil` for none yet) with the string `value` at `pointer`,
    /// creating the objects on the way.
    ///
    /// - Throws: `invalid-parameter` when the text is not JSON or the pointer crosses a value
    ///   that is no object; `reserved-parameter` when the member is there already (the caller
    ///   set the callback itself).
    static func setting(_ pointer: JSONPointer, to value: String, in document: String?, parameter: String) throws(RoundtripError) -> String {
        var node: DocumentNode?
        if let document {
            do {
                node = try JSONParser.parse(Array(document.utf8), maximumDepth: ParameterParsing.maximumJSONDepth)
            } catch {
                throw RoundtripError(.invalidParameter, "the parameter '\(parameter)' is not JSON: \(error.message)", parameter: parameter)
            }
        }
        var output = ""
        try write(node, setting: pointer.tokens[...], to: value, into: &output, pointer: pointer, parameter: parameter)
        return output
    }

    private static func write(
        _ node: DocumentNode?,
        setting tokens: ArraySlice<String>,
        to value: String,
        into output: inout String,
        pointer: JSONPointer,
        parameter: String
    ) throws(RoundtripError) {
        guard let token = tokens.first else {
            JSONStringLiteral.append(value, to: &output)
            return
        }
        var members: [DocumentNode.Member] = []
        if let node {
            guard let found = node.members else {
                throw RoundtripError(
                    .invalidParameter,
                    "the parameter '\(parameter)' has \(node.typeName) where '\(pointer.text)' needs an object for the callback",
                    parameter: parameter
                )
            }
            members = found
        }
        output += "{"
        var placed = false
        for (index, member) in members.enumerated() {
            if index > 0 { output += "," }
            JSONStringLiteral.append(member.key, to: &output)
            output += ":"
            if member.key == token, !placed {
                if tokens.count == 1 {
                    throw RoundtripError(
                        .reservedParameter,
                        "the parameter '\(parameter)' already holds '\(pointer.text)'; Roundtrip places the callback there itself",
                        parameter: parameter
                    )
                }
                try write(member.value, setting: tokens.dropFirst(), to: value, into: &output, pointer: pointer, parameter: parameter)
                placed = true
            } else {
                write(member.value, to: &output)
            }
        }
        if !placed {
            if !members.isEmpty { output += "," }
            JSONStringLiteral.append(token, to: &output)
            output += ":"
            try write(nil, setting: tokens.dropFirst(), to: value, into: &output, pointer: pointer, parameter: parameter)
        }
        output += "}"
    }
}

extension URLTemplate {
    /// The template with every placeholder filled from `fields`, each value percent-encoded so
    /// that it stays within its place (RFC 3986 section 2.1: everything but unreserved
    /// characters is encoded).
    ///
    /// - Parameter required: Field names that must each fill a placeholder (the answer's own
    ///   values); echoed values and the outcome may have none.
    /// - Throws: `missing-parameter` for a placeholder without a value, `invalid-parameter` for
    ///   a required field without a placeholder.
    static func filled(_ template: String, with fields: [CustomAnswer.Field], required: Set<String>) throws(RoundtripError) -> String {
        let placeholders: [(name: String, range: Range<String.Index>)]
        do {
            placeholders = try Self.placeholders(in: template)
        } catch {
            throw RoundtripError(.forbiddenCallback, "the callback template \(error.message)", parameter: "callback")
        }
        var filled = ""
        var last = template.startIndex
        var used = Set<String>()
        for placeholder in placeholders {
            guard let field = fields.first(where: { $0.name == placeholder.name }) else {
                throw RoundtripError(
                    .missingParameter,
                    "the callback template has the placeholder '{\(placeholder.name)}'; give it a value",
                    parameter: placeholder.name
                )
            }
            filled += template[last..<placeholder.range.lowerBound]
            QueryCodec.appendEncoded(field.value, to: &filled)
            used.insert(placeholder.name)
            last = placeholder.range.upperBound
        }
        filled += template[last...]
        if let unused = required.subtracting(used).sorted().first {
            throw RoundtripError(
                .invalidParameter,
                "the callback template has no placeholder '{\(unused)}', so the answer cannot carry it",
                parameter: unused
            )
        }
        _ = try URLSplit(filled)
        return filled
    }

    /// The values of a filled template's placeholders, read from `url` by matching the
    /// template's literal text around them; a placeholder that ends the template ends at the
    /// next `&`, `?`, `/` or `#`.
    ///
    /// - Throws: `reserved-parameter` when the URL does not follow the template (the caller's
    ///   own text was changed); `invalid-encoding` for a value that does not decode.
    static func fields(in url: String, template: String) throws(RoundtripError) -> [QueryItem] {
        let placeholders: [(name: String, range: Range<String.Index>)]
        do {
            placeholders = try Self.placeholders(in: template)
        } catch {
            throw RoundtripError(.reservedParameter, "the recorded callback template \(error.message)")
        }
        func mismatch() -> RoundtripError {
            RoundtripError(
                .reservedParameter,
                "the callback does not follow the template sent; a response only fills its placeholders and never changes the caller's text"
            )
        }
        var rest = Substring(url)
        var last = template.startIndex
        var fields: [QueryItem] = []
        for (position, placeholder) in placeholders.enumerated() {
            let literal = template[last..<placeholder.range.lowerBound]
            guard rest.hasPrefix(literal) else { throw mismatch() }
            rest = rest.dropFirst(literal.count)
            let nextStart = position + 1 < placeholders.count ? placeholders[position + 1].range.lowerBound : template.endIndex
            let next = template[placeholder.range.upperBound..<nextStart]
            let end: Substring.Index
            if next.isEmpty {
                end = rest.firstIndex { $0 == "&" || $0 == "?" || $0 == "/" || $0 == "#" } ?? rest.endIndex
            } else {
                guard let found = rest.range(of: next) else { throw mismatch() }
                end = found.lowerBound
            }
            do {
                fields.append(QueryItem(name: placeholder.name, value: try PercentDecoding.decode(rest[..<end])))
            } catch {
                throw RoundtripError(.invalidEncoding, error.message(for: "the placeholder '{\(placeholder.name)}'"), parameter: placeholder.name)
            }
            rest = rest[end...]
            last = placeholder.range.upperBound
        }
        let tail = template[last...]
        guard rest.hasPrefix(tail) else { throw mismatch() }
        rest = rest.dropFirst(tail.count)
        guard rest.isEmpty || rest.first == "&" || rest.first == "?" else { throw mismatch() }
        return fields
    }

    /// The template's literal text before its first placeholder, cut to a URL (at the query
    /// when the placeholder stands there): what the calling app's ledger matches the answer's
    /// base against.
    static func literalBase(of template: String) -> String {
        guard let first = try? placeholders(in: template).first else { return template }
        let literal = template[..<first.range.lowerBound]
        return String(literal.firstIndex(of: "?").map { literal[..<$0] } ?? literal)
    }
}
