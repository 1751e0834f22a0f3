import Roundtrip

/// Writes the receiving app's code: the spec compiled, an enum of incoming requests, a typed
/// value per action and its typed answer.
struct ReceiverWriter {
    let spec: Spec
    let name: String

    /// An action with its generated names.
    struct GeneratedAction {
        let index: Int
        let action: Action
        let caseName: String
        let typeName: String
        let parameters: [GeneratedValue]
        let returns: [GeneratedValue]
        /// A custom action's `error-returns`, typed; `nil` when it declares none.
        let errorReturns: [GeneratedValue]?
    }

    var actions: [GeneratedAction] {
        // No generated type, at any depth, takes the name of a type the code refers to or the
        // receiver's own: it would hide that type from the code nested in it.
        let reservedTypes = SwiftGenerator.reservedTypeNames.union([name])
        var types = SwiftNames(reserved: reservedTypes)
        var cases = SwiftNames(reserved: ["init", "accepted"])
        return spec.actions.enumerated().map { index, action in
            let typeName = types.type(action.name)
            var enumNames = SwiftNames(reserved: reservedTypes)
            // Secrets are checked by the endpoint and never handed to the handler.
            let declared = action.parameters.filter { $0.type != .secret } + [action.queryValue, action.fragment].compactMap { $0 }
            // The action's own members; its code reaches the rest qualified (`self.`, `Self.`,
            // the receiver's name), so a parameter may be called `spec`, `values` or `returns`.
            let parameters = GeneratedValue.values(declared, reserved: ["request", "action", "success", "answer", "init"]) {
                enumNames.type($0.name)
            }
            var returnEnumNames = SwiftNames(reserved: reservedTypes)
            let returns = GeneratedValue.values(action.returns ?? [], reserved: ["queryItems", "init", "self"]) { returnEnumNames.type($0.name) }
            var errorEnumNames = SwiftNames(reserved: reservedTypes)
            let errorReturns = action.errorReturns.map {
                GeneratedValue.values($0, reserved: ["queryItems", "init", "self"]) { errorEnumNames.type($0.name) }
            }
            return GeneratedAction(
                index: index,
                action: action,
                caseName: cases.member(action.name),
                typeName: typeName,
                parameters: parameters,
                returns: returns,
                errorReturns: errorReturns
            )
        }
    }

    func write(into writer: inout SwiftWriter) {
        let actions = actions
        writer.documentation(
            (spec.app.description.map { $0 + "\n\n" } ?? "")
                + "The URL API of \(spec.app.name), compiled from its Roundtrip spec: the app parses no spec text at launch.\n\n"
                + "```swift\nlet endpoint = try \(name).endpoint()\nswitch try \(name).Request(try endpoint.evaluate(url.absoluteString, source: source)) {\n"
                + (actions.first.map { "case .\($0.caseName)(let request): …\n" } ?? "") + "}\n```"
        )
        writer.open("\(writer.modifier)enum \(name)")
        writer.documentation("The spec, compiled into code.")
        writer.line("\(writer.modifier)static let spec = makeSpec()")
        writer.line("")
        writer.documentation("Builds the spec value: what ``spec`` holds, made once.")
        writer.open("\(writer.modifier)static func makeSpec() -> Spec")
        writer.line(SwiftLiteral.specBody(spec, indent: 8))
        writer.close()
        writer.line("")
        writer.documentation(
            "The endpoint that decides incoming URLs against ``spec``.\n\n- Parameters:\n  - keys: Resolves signing keys and secrets (by default from the environment).\n  - limits: Size limits.\n- Throws: `RoundtripError` when two actions share a route."
        )
        writer.open(
            "\(writer.modifier)static func endpoint(keys: any KeyResolver = EnvironmentKeyResolver(), limits: QueryLimits = .default) throws(RoundtripError) -> Endpoint"
        )
        writer.line("try Endpoint(spec: spec, limits: limits, keys: keys)")
        writer.close()
        writer.line("")
        writeRequestEnum(actions, into: &writer)
        for action in actions {
            writer.line("")
            writeAction(action, into: &writer)
        }
        writer.close()
    }

    private func writeRequestEnum(_ actions: [GeneratedAction], into writer: inout SwiftWriter) {
        writer.documentation("An incoming request that the endpoint accepted, typed by its action: a handler switches over it.")
        writer.open("\(writer.modifier)enum Request: Sendable")
        for action in actions {
            writer.documentation(action.action.description ?? "The \(SwiftWriter.code(action.action.name)) action.")
            writer.line("case \(action.caseName)(\(action.typeName))")
        }
        writer.line("")
        writer.documentation(
            "Types an accepted request.\n\n- Throws: `RoundtripError` `unknown-route` for an action this code does not know (regenerate it)."
        )
        writer.open("\(writer.modifier)init(_ request: AcceptedRequest) throws(RoundtripError)")
        writer.switchOver(
            "request.actionName",
            cases: actions.map { "case \(SwiftLiteral.string($0.action.name)): self = .\($0.caseName)(try \($0.typeName)(request))" }
                + [
                    "default: throw RoundtripError(.unknownRoute, \"the generated code has no action '\\(request.actionName)'; regenerate it from the current spec\")"
                ]
        )
        writer.close()
        writer.line("")
        writer.documentation("The accepted request underneath (callbacks, signature, the URL as received).")
        writer.open("\(writer.modifier)var accepted: AcceptedRequest")
        if actions.isEmpty {
            writer.line("switch self {}")
        } else {
            writer.switchOver("self", cases: actions.map { "case .\($0.caseName)(let value): value.request" })
        }
        writer.close()
        writer.close()
    }

    private func writeAction(_ generated: GeneratedAction, into writer: inout SwiftWriter) {
        let action = generated.action
        var summary = (action.description.map { $0 + "\n\n" } ?? "")
        summary +=
            "\(SwiftWriter.code(action.name)): \(action.convention) at " + action.routes.map { SwiftWriter.code($0.text) }.joined(separator: ", ")
            + (action.select.isEmpty
                ? "" : " when the query carries " + action.select.map { SwiftWriter.code($0.description) }.joined(separator: ", "))
            + "."
        if !generated.parameters.isEmpty {
            summary += "\n\nParameters:\n" + generated.parameters.map { "- " + $0.documentationLine }.joined(separator: "\n")
        }
        for group in action.requiresOneOf {
            summary += "\n\nThe endpoint accepts the request only with at least one of " + group.map(SwiftWriter.code).joined(separator: ", ") + "."
        }
        writer.documentation(summary)
        writer.open("\(writer.modifier)struct \(generated.typeName): Sendable")
        for value in generated.parameters {
            writer.documentation(value.documentationLine)
            writer.line("\(writer.modifier)let \(value.name): \(value.mapping.type)\(value.isAlwaysPresent ? "" : "?")")
        }
        writer.documentation("The accepted request: its callbacks, signature and URL.")
        writer.line("\(writer.modifier)let request: AcceptedRequest")
        writer.line("")
        writer.documentation("The action in ``\(name)/spec``.")
        writer.line("\(writer.modifier)static var action: Action { \(name).spec.actions[\(generated.index)] }")
        writer.line("")
        writer.documentation(
            "Reads the typed values of an accepted \(SwiftWriter.code(action.name)) request.\n\n- Throws: `RoundtripError` when the request is of another action, or a value is of another type (regenerate the code)."
        )
        writer.open("\(writer.modifier)init(_ request: AcceptedRequest) throws(RoundtripError)")
        writer.open("guard request.actionName == \(SwiftLiteral.string(action.name)) else")
        // The action's name is spec text: it reaches the message at run time, never as code.
        writer.line("throw RoundtripError(.unknownRoute, \"the request is for '\\(request.actionName)', not '\\(Self.action.name)'\")")
        writer.close()
        if !generated.parameters.isEmpty { writer.line("let values = request.parameters") }
        for value in generated.parameters {
            if value.spec.isPrefix, let index = action.parameters.firstIndex(where: { $0.name == value.spec.name }) {
                writer.line(
                    "self.\(value.name) = try values.values(matching: Self.action.parameters[\(index)], in: Self.action, as: \(value.mapping.valueType).self)"
                )
                continue
            }
            let read = value.isAlwaysPresent ? "required" : "value"
            writer.line("self.\(value.name) = try values.\(read)(\(SwiftLiteral.string(value.spec.name)), as: \(value.mapping.type).self)")
        }
        writer.line("self.request = request")
        writer.close()
        for value in generated.parameters where value.mapping.enumeration != nil {
            writer.line("")
            GeneratedValue.writeEnum(value, into: &writer)
        }
        if action.convention.hasWayBack {
            writer.line("")
            writeReturns(generated, into: &writer)
        }
        if action.convention.facts.describesOwnWayBack {
            writeOwnWayBack(generated, into: &writer)
        }
        writer.close()
    }

    /// Whether an action that answers never answers success (an x-callback-url action whose
    /// outcomes leave it out): it has no success callback.
    static func neverSucceeds(_ action: Action) -> Bool {
        action.convention.hasWayBack && action.successOutcome == nil
    }

    private func writeReturns(_ generated: GeneratedAction, into writer: inout SwiftWriter) {
        let action = generated.action
        let success = action.successOutcome ?? "success"
        writer.documentation(
            (Self.neverSucceeds(action)
                ? "The action never answers success (its outcomes are \(action.outcomes.map(SwiftWriter.code).joined(separator: ", "))), so there is no success callback and nothing to carry back; ``answer(_:)`` always throws."
                : "What the success callback (`\(success)`) carries back"
                    + (action.returns == nil ? ": the spec declares no `returns`, so nothing." : "."))
                + (generated.returns.isEmpty ? "" : "\n\n" + generated.returns.map { "- " + $0.documentationLine }.joined(separator: "\n"))
        )
        writeValues(generated.returns, named: "Returns", definitions: "\(name).\(generated.typeName).action.returns ?? []", into: &writer)
        writer.line("")
        writer.documentation("The success reply, for a `Receiver` handler.")
        writer.open("\(writer.modifier)static func success(_ returns: Returns) -> Reply")
        writer.line("Reply(outcome: \"success\", parameters: returns.queryItems)")
        writer.close()
        writer.line("")
        writeAnswer(
            generated,
            named: "answer",
            outcome: "success",
            argument: "returns",
            fields: "_ returns: Returns",
            items: "returns.queryItems",
            documentation: "The callback URL that answers this request with success and `returns`",
            throwing: "the request has no success callback or a value breaks the spec's `returns`",
            into: &writer
        )
    }

    /// A struct of answer values (`returns` or `error-returns`) that writes its query items by
    /// the definitions `definitions` (Swift code) reaches; its documentation is written before.
    private func writeValues(_ values: [GeneratedValue], named typeName: String, definitions: String, into writer: inout SwiftWriter) {
        writer.open("\(writer.modifier)struct \(typeName): Sendable")
        for value in values {
            writer.documentation(value.documentationLine)
            writer.line("\(writer.modifier)var \(value.name): \(value.mapping.type)\(value.spec.isRequired ? "" : "?")")
        }
        if !values.isEmpty { writer.line("") }
        writer.documentation("Creates the returned values.")
        let arguments = values.map { "\($0.name): \($0.mapping.type)\($0.spec.isRequired ? "" : "? = nil")" }
        if arguments.isEmpty {
            writer.line("\(writer.modifier)init() {}")
        } else {
            writer.open("\(writer.modifier)init", parameters: arguments, suffix: "")
            for value in values { writer.line("self.\(value.name) = \(value.name)") }
            writer.close()
        }
        writer.line("")
        writer.documentation("The response parameters, each in its declared form.")
        writer.open("\(writer.modifier)var queryItems: [QueryItem]")
        if values.isEmpty {
            writer.line("[]")
        } else {
            // The values are reached through `self`, so no local hides one.
            writer.line("let definitions = \(definitions)")
            writer.line("var items: [QueryItem] = []")
            for (index, value) in values.enumerated() {
                writer.line("items += definitions[\(index)].queryItems(for: self.\(value.name))")
            }
            writer.line("return items")
        }
        writer.close()
        for value in values where value.mapping.enumeration != nil {
            writer.line("")
            GeneratedValue.writeEnum(value, into: &writer)
        }
        writer.close()
    }

    /// The method that writes the callback URL answering `outcome` with its argument `argument`
    /// (the declaration `fields`; `items` reads its query items), signed when the spec signs the answers.
    private func writeAnswer(
        _ generated: GeneratedAction,
        named methodName: String,
        outcome: String,
        argument: String,
        fields: String,
        items: String,
        documentation: String,
        throwing: String,
        into writer: inout SwiftWriter
    ) {
        let action = generated.action
        // An action whose spec signs its answers takes the signing key: required answers cannot
        // be built without it.
        let signs = action.answers.signatures != .off
        writer.documentation(
            documentation
                + (signs
                    ? ", signed with the spec's answer key `\(action.answers.keyID ?? "")` (`rt-kid`, `rt-ts`, `rt-sig` last).\n\n- Parameters:\n  - \(argument): \(argument == "returns" ? "The returned values." : "The answer's fields.")\n  - signer: The answer key's signer.\n  - now: The signing time."
                    : ".")
                + "\n\n- Throws: `RoundtripError` when \(throwing)"
                + (signs ? "; `missing-signature` without a signer the spec requires, `bad-signature` for another key." : ".")
        )
        let outcomeLiteral = SwiftLiteral.string(outcome)
        if signs {
            let signer = action.answers.signatures == .required ? "RequestSigner" : "RequestSigner? = nil"
            writer.open("\(writer.modifier)func \(methodName)(\(fields), signer: \(signer), now: Date = Date()) throws(RoundtripError) -> String")
            writer.line(
                "try ResponseBuilder.callbackURL(answering: request, action: Self.action, outcome: \(outcomeLiteral), parameters: \(items), signer: signer, now: now)"
            )
        } else {
            writer.open("\(writer.modifier)func \(methodName)(\(fields)) throws(RoundtripError) -> String")
            writer.line("try ResponseBuilder.callbackURL(answering: request, action: Self.action, outcome: \(outcomeLiteral), parameters: \(items))")
        }
        writer.close()
    }

    /// A custom action's own way back: its callbacks by outcome, typed as the spec places them,
    /// and an answer for each outcome besides success, with the `error-returns` typed when the
    /// spec declares them. Every answer is written by `ResponseBuilder` in the partner's shape.
    private func writeOwnWayBack(_ generated: GeneratedAction, into writer: inout SwiftWriter) {
        let action = generated.action
        // The action's members: its values' names and the generated code's own.
        var members = SwiftNames(
            reserved: Set(generated.parameters.map { $0.name.trimmingCharacters(in: ["`"]) } + ["request", "action", "success", "answer", "init"])
        )
        for location in action.wayBack.callbacks {
            let outcome = location.outcome == CallbackLocation.everyOutcome ? "every outcome" : "`\(location.outcome)`"
            let place: String =
                switch location.place {
                case .query(let name): "the query parameter `\(name)`"
                case .jsonMember(let parameter, let pointer): "the member `\(pointer.text)` of the JSON parameter `\(parameter)`"
                case .template(let name): "the query parameter `\(name)`, a template whose `{Name}` placeholders the answer fills"
                }
            writer.line("")
            writer.documentation(
                "The callback the caller gave for \(outcome) in \(place), checked against the callback policy; `nil` when the caller gave none."
            )
            writer.line(
                "\(writer.modifier)var \(members.member(location.outcome + "-callback")): String? { request.callbacks[\(SwiftLiteral.string(location.outcome))] }"
            )
        }
        let success = action.successOutcome
        let others = action.outcomes.filter { $0 != success }
        guard !others.isEmpty else { return }
        let words = others.map(SwiftWriter.code).joined(separator: ", ")
        let fields: String
        let items: String
        if let errorReturns = generated.errorReturns {
            writer.line("")
            writer.documentation(
                "What the answers of \(words) carry back (the spec's `error-returns`)."
                    + (errorReturns.isEmpty ? "" : "\n\n" + errorReturns.map { "- " + $0.documentationLine }.joined(separator: "\n"))
            )
            writeValues(errorReturns, named: "ErrorReturns", definitions: "\(name).\(generated.typeName).action.errorReturns ?? []", into: &writer)
            fields = "_ fields: ErrorReturns" + (errorReturns.contains { $0.spec.isRequired } ? "" : " = ErrorReturns()")
            items = "fields.queryItems"
        } else {
            fields = "_ fields: [QueryItem] = []"
            items = "fields"
        }
        for outcome in others {
            writer.line("")
            writer.documentation("The \(SwiftWriter.code(outcome)) reply, for a `Receiver` handler.")
            let reply = members.member(outcome + "-reply")
            writer.open("\(writer.modifier)static func \(reply)(\(fields)) -> Reply")
            writer.line("Reply(outcome: \(SwiftLiteral.string(outcome)), parameters: \(items))")
            writer.close()
            writer.line("")
            writeAnswer(
                generated,
                named: members.member("answer-" + outcome),
                outcome: outcome,
                argument: "fields",
                fields: fields,
                items: items,
                documentation: "The callback URL that answers this request with \(SwiftWriter.code(outcome))"
                    + (generated.errorReturns == nil ? " and `fields` (unchecked: the spec declares no `error-returns`)" : " and `fields`"),
                throwing: "the request has no callback for \(SwiftWriter.code(outcome))"
                    + (generated.errorReturns == nil ? "" : " or a value breaks the spec's `error-returns`"),
                into: &writer
            )
        }
    }
}
