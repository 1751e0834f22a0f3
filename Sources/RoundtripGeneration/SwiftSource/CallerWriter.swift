import Roundtrip

/// Writes a calling app's client of a partner's URL API: one method per action, built on
/// ``Caller`` and its ledger, returning the typed `returns` of the outcome.
struct CallerWriter {
    let spec: Spec
    let name: String

    /// An action with its generated names.
    struct GeneratedAction {
        let index: Int
        let action: Action
        let methodName: String
        let returnsName: String
        /// The parameters the caller passes: query parameters, the whole query and fragment
        /// values, each with the path to its spec (`parameters[i]`, `queryValue`, `fragment`).
        let parameters: [(value: GeneratedValue, path: String)]
        let returns: [GeneratedValue]
        /// The type of the other outcomes' fields and its values, when the action declares
        /// `error-returns`: the method then returns a `TypedCallResult`.
        let errorReturns: (name: String, values: [GeneratedValue])?

        /// Every value the client's answers carry, for their enumerations.
        var returnedValues: [GeneratedValue] { returns + (errorReturns?.values ?? []) }
    }

    var actions: [GeneratedAction] {
        var methods = SwiftNames(reserved: ["caller", "partner", "spec", "makeSpec", "init"])
        // Every type is nested in the client, so one scope: no name of a type the code refers
        // to, nor the client's own.
        var types = SwiftNames(reserved: SwiftGenerator.reservedTypeNames.union([name]))
        return spec.actions.enumerated().map { index, action in
            let methodName = methods.member(action.name)
            // An action's types are named after its method, so `addText2()` returns
            // `AddText2Returns` and takes `AddText2Mode`.
            let bare = methodName.trimmingCharacters(in: ["`"])
            let stem = bare.prefix(1).uppercased() + bare.dropFirst()
            let returnsName = types.type(stem + "Returns")
            var enumNames = types
            var paths: [String] = action.parameters.indices.map { "parameters[\($0)]" }
            var declared = action.parameters
            if let value = action.queryValue {
                declared.append(value)
                paths.append("queryValue!")
            }
            if let value = action.fragment {
                declared.append(value)
                paths.append("fragment!")
            }
            // The arguments are labelled with the spec's names, except the method's own
            // arguments' and `self` (which would hide the client in the method's body).
            let values = GeneratedValue.values(declared, reserved: ["callback", "continuation", "signer", "ttl", "self"]) {
                enumNames.type(stem + "-" + $0.name)
            }
            var returnEnumNames = enumNames
            let returns = GeneratedValue.values(action.returns ?? [], reserved: ["init", "self"]) {
                returnEnumNames.type(stem + "-" + $0.name)
            }
            var errorReturns: (name: String, values: [GeneratedValue])?
            if let declared = action.errorReturns {
                let errorName = returnEnumNames.type(stem + "ErrorReturns")
                errorReturns = (
                    errorName, GeneratedValue.values(declared, reserved: ["init", "self"]) { returnEnumNames.type(stem + "-" + $0.name) }
                )
            }
            types = returnEnumNames
            return GeneratedAction(
                index: index,
                action: action,
                methodName: methodName,
                returnsName: returnsName,
                parameters: Array(zip(values, paths)).map { ($0.0, $0.1) },
                returns: returns,
                errorReturns: errorReturns
            )
        }
    }

    func write(into writer: inout SwiftWriter) {
        let actions = actions
        writer.documentation(
            "A client of \(spec.app.name)'s URL API, generated from its Roundtrip spec"
                + (spec.app.description.map { ": " + $0 } ?? ".")
                + "\n\nEach method builds the request, records it in the caller's ledger, opens it, and waits for the answer:\n\n"
                + "```swift\nlet client = try \(name)(caller: caller)\n"
                + (actions.first.map { "let result = try await client.\($0.methodName)(…, callback: \"my-app://done\")\n" } ?? "")
                + "```"
        )
        writer.open("\(writer.modifier)struct \(name): Sendable")
        writer.documentation("The partner's spec, compiled into code.")
        writer.line("\(writer.modifier)static let spec = makeSpec()")
        writer.line("")
        writer.documentation("Builds the spec value: what ``spec`` holds, made once.")
        writer.open("\(writer.modifier)static func makeSpec() -> Spec")
        writer.line(SwiftLiteral.specBody(spec, indent: 8))
        writer.close()
        writer.line("")
        writer.documentation("Sends the requests and accepts their answers.")
        writer.line("\(writer.modifier)let caller: Caller")
        writer.documentation("Builds the requests against ``spec``.")
        writer.line("\(writer.modifier)let partner: RequestBuilder")
        writer.line("")
        writer.documentation("Creates a client that calls through `caller` (its ledger keeps every pending request).")
        writer.open("\(writer.modifier)init(caller: Caller) throws(RoundtripError)")
        writer.line("self.caller = caller")
        writer.line("partner = try RequestBuilder(partner: Self.spec)")
        writer.close()
        for action in actions {
            writer.line("")
            writeMethod(action, into: &writer)
        }
        for action in actions where action.action.convention.hasWayBack {
            writer.line("")
            writeReturns(action, into: &writer)
            if let errorReturns = action.errorReturns {
                writer.line("")
                let outcomes = action.action.outcomes.filter { $0 != action.action.successOutcome }
                Self.writeValues(
                    errorReturns.values,
                    named: errorReturns.name,
                    documentation: "What \(SwiftWriter.code(action.action.name)) carries back on "
                        + outcomes.map(SwiftWriter.code).joined(separator: ", ") + " (its `error-returns`).",
                    into: &writer
                )
            }
        }
        for action in actions {
            for value in action.parameters.map(\.value) + action.returnedValues where value.mapping.enumeration != nil {
                writer.line("")
                GeneratedValue.writeEnum(value, into: &writer)
            }
        }
        writer.close()
    }

    private func writeMethod(_ generated: GeneratedAction, into writer: inout SwiftWriter) {
        let action = generated.action
        let answers = action.convention.hasWayBack
        var documentation = (action.description.map { $0 + "\n\n" } ?? "")
        documentation +=
            "Calls \(SwiftWriter.code(action.name)) (\(action.convention), " + action.routes.map { SwiftWriter.code($0.text) }.joined(separator: ", ")
            + ")"
        if !action.select.isEmpty {
            // The pairs that choose the action at its route come from the spec, not the caller.
            documentation += " with " + action.select.map { SwiftWriter.code($0.description) }.joined(separator: ", ")
        }
        documentation += answers ? " and waits for its answer." : "; the convention has no way back, so nothing is awaited."
        documentation += "\n\n- Parameters:\n"
        for (value, _) in generated.parameters {
            documentation += "  - \(value.name.trimmingCharacters(in: ["`"])): " + value.documentationLine + "\n"
        }
        if answers {
            documentation += "  - callback: The base URL to come back to (this app's own scheme or universal link)"
            let required = action.callbackParameters.filter { action.requiredCallbacks.contains($0.outcome) }.map { SwiftWriter.code($0.parameter) }
            documentation += required.isEmpty ? ".\n" : "; the partner requires \(required.joined(separator: ", ")), which it always carries.\n"
            documentation += "  - continuation: JSON the ledger gives back with the answer.\n"
        }
        documentation += "  - signer: Signs the request (needed when the partner requires signatures).\n"
        if answers { documentation += "  - ttl: Seconds the request waits for its answer.\n" }
        documentation +=
            answers
            ? "- Returns: How the call ended, with the typed returns of a success"
                + (generated.errorReturns == nil ? "" : " and the typed `error-returns` of the other outcomes")
                + ".\n- Throws: `RoundtripError` for a request or answer that breaks the spec, `StorageError` from the ledger, `OpenFailure` when no app opened the request."
            : "- Returns: The request as sent.\n- Throws: `RoundtripError` for a request that breaks the spec, `OpenFailure` when no app opened it."
        writer.documentation(documentation)
        var arguments = generated.parameters.map { value, _ in
            // A presence switch is a plain flag: off unless passed, and written only when on.
            "\(value.name): \(value.mapping.type)\(value.spec.isPresenceSwitch ? " = false" : value.spec.isPrefix ? " = [:]" : value.spec.isRequired ? "" : "? = nil")"
        }
        if answers {
            arguments += ["callback: String", "continuation: Data? = nil"]
        }
        arguments += ["signer: RequestSigner? = nil"]
        if answers { arguments += ["ttl: TimeInterval = 600"] }
        let result =
            !answers
            ? "OutgoingRequest"
            : generated.errorReturns.map { "TypedCallResult<\(generated.returnsName), \($0.name)>" } ?? "CallResult<\(generated.returnsName)>"
        writer.open("\(writer.modifier)func \(generated.methodName)", parameters: arguments, suffix: " async throws -> \(result)")
        // The locals take names no argument has; the client's properties are reached through
        // `self`, which no argument can hide.
        var locals = SwiftNames(reserved: Set(generated.parameters.map { $0.value.name.trimmingCharacters(in: ["`"]) } + ["self"]))
        let definition = locals.member("definition")
        let items = locals.member("items")
        let response = locals.member("response")
        writer.line("let \(definition) = Self.spec.actions[\(generated.index)]")
        writer.line("\(generated.parameters.isEmpty ? "let" : "var") \(items): [QueryItem] = []")
        for (value, path) in generated.parameters {
            let argument = value.spec.isPrefix ? "forEach" : "for"
            writer.line("\(items) += \(definition).\(path).queryItems(\(argument): \(value.name))")
        }
        if answers {
            writer.line(
                "let \(response) = try await self.caller.call(\(definition).name, to: self.partner, parameters: \(items), callback: callback, continuation: continuation, signer: signer, ttl: ttl)"
            )
            if let errorReturns = generated.errorReturns {
                writer.line("return try \(response).result(\(generated.returnsName).init, errors: \(errorReturns.name).init)")
            } else {
                writer.line("return try \(response).result(\(generated.returnsName).init)")
            }
        } else {
            writer.line(
                "return try await self.caller.send(\(definition).name, to: self.partner, parameters: \(items), callback: nil, signer: signer)"
            )
        }
        writer.close()
    }

    private func writeReturns(_ generated: GeneratedAction, into writer: inout SwiftWriter) {
        let action = generated.action
        Self.writeValues(
            generated.returns,
            named: generated.returnsName,
            documentation: ReceiverWriter.neverSucceeds(action)
                ? "What \(SwiftWriter.code(action.name)) would return on success, which it never answers (its outcomes are \(action.outcomes.map(SwiftWriter.code).joined(separator: ", "))): there is no success callback."
                : "What \(SwiftWriter.code(action.name)) returns on success"
                    + (action.returns == nil ? ": the spec declares no `returns`, so nothing." : "."),
            into: &writer
        )
    }

    /// A struct of returned values (`returns` or `error-returns`), read from the typed values
    /// the ledger checked.
    private static func writeValues(_ values: [GeneratedValue], named name: String, documentation: String, into writer: inout SwiftWriter) {
        writer.documentation(documentation + (values.isEmpty ? "" : "\n\n" + values.map { "- " + $0.documentationLine }.joined(separator: "\n")))
        writer.open("\(writer.modifier)struct \(name): Sendable, Equatable")
        for value in values {
            writer.documentation(value.documentationLine)
            writer.line("\(writer.modifier)let \(value.name): \(value.mapping.type)\(value.isAlwaysPresent ? "" : "?")")
        }
        if !values.isEmpty { writer.line("") }
        writer.documentation("Creates returned values (for previews and tests; calls read them from the answer).")
        let arguments = values.map { "\($0.name): \($0.mapping.type)\($0.isAlwaysPresent ? "" : "? = nil")" }
        if arguments.isEmpty {
            writer.line("\(writer.modifier)init() {}")
        } else {
            writer.open("\(writer.modifier)init", parameters: arguments, suffix: "")
            for value in values { writer.line("self.\(value.name) = \(value.name)") }
            writer.close()
        }
        writer.line("")
        writer.documentation("Reads the typed returns the ledger checked against the spec.")
        if values.isEmpty {
            writer.line("\(writer.modifier)init(_ values: [String: ParameterValue]) {}")
            writer.close()
            return
        }
        writer.open("\(writer.modifier)init(_ values: [String: ParameterValue]) throws(RoundtripError)")
        for value in values {
            let read = value.isAlwaysPresent ? "required" : "value"
            // `self.`: a value may be named `values`.
            writer.line("self.\(value.name) = try values.\(read)(\(SwiftLiteral.string(value.spec.name)), as: \(value.mapping.type).self)")
        }
        writer.close()
        writer.close()
    }
}
