import Foundation
import Roundtrip

/// Swift source for the values of a spec: a string literal, and each spec type as the
/// expression that makes it, so generated code holds the spec without parsing any text.
enum SwiftLiteral {
    /// A string literal, escaped (The Swift Programming Language, "String Literals"): quotes,
    /// backslashes, control characters, Unicode's line and paragraph separators and the
    /// invisible direction marks and overrides, so the generated file holds only visible text
    /// and LF line ends.
    static func string(_ text: String) -> String {
        // Most names and routes are printable ASCII without a quote or backslash: no escaping.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return "\"" + text + "\"" }
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                || [0x200E, 0x200F, 0x2028, 0x2029].contains(scalar.value):
                output += "\\u{\(String(scalar.value, radix: 16))}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    static func optional(_ text: String?) -> String { text.map(string) ?? "nil" }

    static func strings(_ values: [String]) -> String { "[" + values.map(string).joined(separator: ", ") + "]" }

    static func optionalStrings(_ values: [String]?) -> String { values.map(strings) ?? "nil" }

    /// A `Decimal` made from its parts (no text parsed, no locale made at launch) when its
    /// significand is a whole number that fits in 64 bits, which every spec bound does.
    static func decimal(_ value: Decimal?) -> String {
        guard let value else { return "nil" }
        let significand = value.significand.description
        if let whole = Int64(significand) {
            return "Decimal(sign: .\(value.sign == .minus ? "minus" : "plus"), exponent: \(value.exponent), significand: \(whole))"
        }
        return "Decimal(string: \(string(value.description)), locale: Locale(identifier: \"en_US_POSIX\"))!"
    }

    /// The body of `makeSpec()`: the values the spec repeats (see ``SharedExpressions``), each
    /// made once as a local constant, then `Spec(…)`, indented by `indent` spaces.
    static func specBody(_ spec: Spec, indent: Int) -> String {
        var shared = SharedExpressions()
        for _ in 1..<SharedExpressions.passes {
            _ = self.spec(spec, indent: indent, shared: &shared)
            shared.startNextPass()
        }
        let value = self.spec(spec, indent: indent, shared: &shared)
        guard !shared.declarations.isEmpty else { return value }
        let constants = shared.declarations.map { "let \($0.name) = \($0.expression)\n" + pad(indent) }.joined()
        return "// Values the spec repeats, each made once.\n" + pad(indent) + constants + "return " + value
    }

    /// `Spec(…)`, indented by `indent` spaces after its first line.
    static func spec(_ spec: Spec, indent: Int, shared: inout SharedExpressions) -> String {
        var arguments: [String] = [
            "formatVersion: \(spec.formatVersion)",
            "app: " + app(spec.app),
        ]
        if let callbacks = spec.callbacks {
            arguments.append("callbacks: [" + callbacks.map { "try! CallbackBase(\(string($0.text)))" }.joined(separator: ", ") + "]")
        }
        arguments.append("sources: " + sources(spec.sources, shared: &shared))
        arguments.append("signatures: .\(signature(spec.signatures))")
        if !spec.keys.isEmpty {
            arguments.append("keys: [" + spec.keys.map(key).joined(separator: ", ") + "]")
        }
        arguments.append("queryEncoding: .\(spec.queryEncoding.rawValue)")
        var actions: [String] = []
        for action in spec.actions { actions.append(self.action(action, indent: indent + 8, shared: &shared)) }
        arguments.append("actions: [\n" + actions.map { pad(indent + 8) + $0 }.joined(separator: ",\n") + ",\n" + pad(indent + 4) + "]")
        arguments += answerArguments(spec.answers, spec.callbackMatch)
        if !spec.allowSchemes.isEmpty { arguments.append("allowSchemes: \(strings(spec.allowSchemes))") }
        return "Spec(\n" + arguments.map { pad(indent + 4) + $0 }.joined(separator: ",\n") + ",\n" + pad(indent) + ")"
    }

    static func app(_ app: AppDescription) -> String {
        let services =
            app.services.isEmpty
            ? "" : ", services: AppServices(webCredentials: \(app.services.webCredentials), appClip: \(optional(app.services.appClip)))"
        let android = app.android.map { android in
            ", android: AndroidApp(packages: \(strings(android.packages)), certificateFingerprints: \(strings(android.certificateFingerprints)), "
                + "loginCredentials: \(android.loginCredentials), dynamicRules: \(android.dynamicRules))"
        }
        return "AppDescription(name: \(string(app.name)), appID: \(optional(app.appID)), schemes: \(strings(app.schemes)), "
            + "domains: \(strings(app.domains)), description: \(optional(app.description))\(services)\(android ?? ""))"
    }

    static func sources(_ policy: SourcePolicy, shared: inout SharedExpressions) -> String {
        shared.use(
            "SourcePolicy(allow: \(optionalStrings(policy.allow)), deny: \(strings(policy.deny)), unknown: .\(policy.unknown.rawValue))",
            as: "sources"
        )
    }

    static func signature(_ requirement: SignatureRequirement) -> String { requirement.rawValue }

    /// `answers:` and `callbackMatch:` when they are not the defaults (so that specs without
    /// them generate what they always did).
    static func answerArguments(_ answers: AnswerPolicy, _ match: CallbackMatch) -> [String] {
        var arguments: [String] = []
        if answers != .off {
            arguments.append("answers: AnswerPolicy(signatures: .\(signature(answers.signatures)), keyID: \(optional(answers.keyID)))")
        }
        if match != .base { arguments.append("callbackMatch: .\(match.rawValue)") }
        return arguments
    }

    static func key(_ key: SigningKeyDescription) -> String {
        let material: String
        switch key.material {
        case .secretEnvironment(let variable): material = ".secretEnvironment(\(string(variable)))"
        case .keychain(let account): material = ".keychain(\(string(account)))"
        case .publicKey(let bytes): material = ".publicKey([" + bytes.map(String.init).joined(separator: ", ") + "])"
        }
        let algorithm = key.algorithm == .hmacSHA256 ? ".hmacSHA256" : ".ed25519"
        return "SigningKeyDescription(id: \(string(key.id)), algorithm: \(algorithm), material: \(material))"
    }

    static func action(_ action: Action, indent: Int, shared: inout SharedExpressions) -> String {
        var arguments = [
            "name: \(string(action.name))",
            "routes: [" + action.routes.map(route).joined(separator: ", ") + "]",
            "convention: .\(convention(action.convention))",
        ]
        if action.convention == .returnURL {
            arguments.append("returnParameter: \(string(action.returnParameter))")
            arguments.append("responsePrefix: \(string(action.responsePrefix))")
        }
        arguments.append("outcomes: " + shared.use(strings(action.outcomes), as: "outcomes"))
        arguments.append("unknownParameters: .\(action.unknownParameters.rawValue)")
        if !action.parameters.isEmpty {
            var parameters: [String] = []
            for value in action.parameters { parameters.append(pad(indent + 8) + parameter(value, shared: &shared)) }
            arguments.append("parameters: [\n" + parameters.joined(separator: ",\n") + ",\n" + pad(indent + 4) + "]")
        }
        if let value = action.queryValue { arguments.append("queryValue: " + parameter(value, shared: &shared)) }
        if let value = action.fragment { arguments.append("fragment: " + parameter(value, shared: &shared)) }
        arguments.append("sources: " + sources(action.sources, shared: &shared))
        arguments.append("signatures: .\(signature(action.signatures))")
        if let returns = action.returns { arguments.append("returns: " + returnedValues(returns, indent: indent, shared: &shared)) }
        arguments.append("queryEncoding: .\(action.queryEncoding.rawValue)")
        if let text = action.description { arguments.append("description: \(string(text))") }
        arguments += answerArguments(action.answers, action.callbackMatch)
        if !action.select.isEmpty {
            let pairs = action.select.map { "QueryItem(name: \(string($0.name)), value: \(optional($0.value)))" }
            arguments.append("select: [" + pairs.joined(separator: ", ") + "]")
        }
        if !action.requiredCallbacks.isEmpty { arguments.append("requiredCallbacks: \(strings(action.requiredCallbacks))") }
        if !action.requiresOneOf.isEmpty {
            arguments.append("requiresOneOf: [" + action.requiresOneOf.map(strings).joined(separator: ", ") + "]")
        }
        if let schemes = action.allowSchemes { arguments.append("allowSchemes: \(strings(schemes))") }
        if let value = action.customWayBack { arguments.append("customWayBack: " + wayBack(value)) }
        if let errorReturns = action.errorReturns {
            arguments.append("errorReturns: " + returnedValues(errorReturns, indent: indent, shared: &shared))
        }
        if let name = action.stateParameter { arguments.append("stateParameter: \(string(name))") }
        if action.ignoresFragment { arguments.append("ignoresFragment: true") }
        if !action.ignoreParameters.isEmpty {
            arguments.append("ignoreParameters: ParameterNameList(\(strings(action.ignoreParameters.entries)))")
        }
        if !action.forbidParameters.isEmpty {
            arguments.append("forbidParameters: ParameterNameList(\(strings(action.forbidParameters.entries)))")
        }
        if action.names == .caseInsensitive { arguments.append("names: .caseInsensitive") }
        if !action.exclusive.isEmpty { arguments.append("exclusive: [" + action.exclusive.map(strings).joined(separator: ", ") + "]") }
        if !action.forbidSchemes.isEmpty { arguments.append("forbidSchemes: \(strings(action.forbidSchemes))") }
        if action.invalidCallback == .drop { arguments.append("invalidCallback: .drop") }
        if !action.pathParameters.isEmpty { arguments.append("pathParameters: \(strings(action.pathParameters))") }
        return "Action(\n" + arguments.map { pad(indent + 4) + $0 }.joined(separator: ",\n") + ",\n" + pad(indent) + ")"
    }

    /// A route made from its parts, so launch parses no route text.
    static func route(_ route: RoutePattern) -> String {
        let segments = route.segments.map { segment in
            switch segment {
            case .literal(let text): ".literal(\(string(text)))"
            case .placeholder(let name): ".placeholder(\(string(name)))"
            case .rest(let name): ".rest(\(string(name)))"
            }
        }
        return "RoutePattern(text: \(string(route.text)), scheme: \(string(route.scheme)), host: \(string(route.host)), "
            + "hasAuthority: \(route.hasAuthority), segments: [\(segments.joined(separator: ", "))])"
    }

    static func convention(_ convention: Convention) -> String {
        switch convention {
        case .xCallbackURL: "xCallbackURL"
        case .universalLinkCallback: "universalLinkCallback"
        case .returnURL: "returnURL"
        case .none: "none"
        case .custom: "custom"
        }
    }

    /// An action's `returns` or `error-returns` list, one value a line.
    static func returnedValues(_ returns: [ParameterSpec], indent: Int, shared: inout SharedExpressions) -> String {
        var values: [String] = []
        for value in returns { values.append(pad(indent + 8) + parameter(value, shared: &shared)) }
        return "[" + (values.isEmpty ? "" : "\n" + values.joined(separator: ",\n") + ",\n" + pad(indent + 4)) + "]"
    }

    /// A custom action's `WayBack(…)`, on one line.
    static func wayBack(_ wayBack: WayBack) -> String {
        let callbacks = wayBack.callbacks.map { location in
            let place =
                switch location.place {
                case .query(let name): ".query(\(string(name)))"
                case .jsonMember(let parameter, let pointer):
                    ".jsonMember(parameter: \(string(parameter)), pointer: try! JSONPointer(\(string(pointer.text))))"
                case .template(let parameter): ".template(parameter: \(string(parameter)))"
                }
            return "CallbackLocation(outcome: \(string(location.outcome)), place: \(place))"
        }
        let answer = wayBack.answer
        let outcome = answer.outcome.map { field in
            let values = field.values.map { "AnswerShape.OutcomeWords(outcome: \(string($0.outcome)), words: \(strings($0.words)))" }
            return "AnswerShape.OutcomeField(name: \(string(field.name)), values: [\(values.joined(separator: ", "))])"
        }
        let form =
            switch answer.form {
            case .query: ".query"
            case .json(let parameter): ".json(parameter: \(string(parameter)))"
            case .template: ".template"
            case .unchanged: ".unchanged"
            }
        return "WayBack(callbacks: [\(callbacks.joined(separator: ", "))], answer: AnswerShape(prefix: \(string(answer.prefix)), "
            + "outcome: \(outcome ?? "nil"), echo: \(strings(answer.echo)), form: \(form)))"
    }

    /// `ParameterSpec(…)` on one line, naming only what differs from the defaults: every
    /// argument the parameter gives (``ParameterSpec/argument(_:)``), in the initializer's order.
    static func parameter(_ parameter: ParameterSpec, shared: inout SharedExpressions) -> String {
        var arguments: [String] = []
        for label in initializerArguments {
            guard let value = parameter.argument(label) else { continue }
            arguments.append(label.rawValue + ": " + argument(value, shared: &shared))
        }
        return shared.use("ParameterSpec(" + arguments.joined(separator: ", ") + ")", as: "parameter")
    }

    /// The initializer's arguments, in order; made once (`allCases` makes its array on each call).
    private static let initializerArguments = ParameterSpec.Argument.allCases

    /// An argument's value in Swift, by its kind; the values parameters often repeat alike (an
    /// enum's list, a pattern, a schema) are made once (``SharedExpressions``).
    static func argument(_ value: ParameterSpec.ArgumentValue, shared: inout SharedExpressions) -> String {
        switch value {
        case .text(let text): string(text)
        case .wholeNumber(let number): String(number)
        case .number(let number): decimal(number)
        case .flag(let flag): flag ? "true" : "false"
        case .member(let name): "." + name
        case .texts(let values): strings(values)
        case .choices(let values): shared.use(strings(values), as: "values")
        case .pattern(let pattern): shared.use("try! ValuePattern(\(string(pattern.source)))", as: "pattern")
        case .schema(let schema): shared.use(self.schema(schema), as: "schema")
        case .type(let type): self.type(type, shared: &shared)
        }
    }

    /// `JSONValueSchema(…)`, naming only what differs from the defaults, its members' and items'
    /// schemas written in place.
    static func schema(_ schema: JSONValueSchema) -> String {
        var arguments: [String] = []
        if let type = schema.type { arguments.append("type: .\(type.rawValue)") }
        if !schema.required.isEmpty { arguments.append("required: \(strings(schema.required))") }
        if !schema.properties.isEmpty {
            let properties = schema.properties.map { "JSONValueSchema.Property(name: \(string($0.name)), schema: \(self.schema($0.schema)))" }
            arguments.append("properties: [\(properties.joined(separator: ", "))]")
        }
        if !schema.allowsAdditionalProperties { arguments.append("allowsAdditionalProperties: false") }
        if let items = schema.items { arguments.append("items: \(self.schema(items))") }
        if let values = schema.allowedValues { arguments.append("allowedValues: \(strings(values))") }
        if schema.minimum != nil { arguments.append("minimum: \(decimal(schema.minimum))") }
        if schema.maximum != nil { arguments.append("maximum: \(decimal(schema.maximum))") }
        if let value = schema.maximumLength { arguments.append("maximumLength: \(value)") }
        return "JSONValueSchema(" + arguments.joined(separator: ", ") + ")"
    }

    static func type(_ type: ParameterType, shared: inout SharedExpressions) -> String {
        switch type {
        case .date(let format) where format.pattern == DateFormat.iso8601.pattern: ".date(.iso8601)"
        case .date(let format): ".date(" + shared.use("try! DateFormat(\(string(format.pattern)))", as: "dateFormat") + ")"
        default: "." + type.description
        }
    }

    static func pad(_ count: Int) -> String { String(repeating: " ", count: count) }
}
