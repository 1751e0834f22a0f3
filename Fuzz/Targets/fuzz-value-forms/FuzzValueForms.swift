import Foundation
import FuzzSupport
import RoundtripYAML

@testable import Roundtrip

/// The value forms of the spec language on arbitrary query strings: lists (`repeated`, `comma`,
/// `newline`, with `min-items`/`max-items`), `multiline` text, `allow-empty`, `yes-no` booleans,
/// `json` (deep nesting), `base64` (`max-bytes`), `secret`, `unknown-parameters: accept`,
/// `query-encoding: form`, and an x-callback-url action's `returns` and `outcomes`.
///
/// The input's first byte picks what the rest is: the query of `forms://values` (RFC 3986), of
/// `forms://form` (form encoding, undeclared parameters accepted), or the answer's query on
/// `create`'s success callback, after the caller's `rt-state`. The decision must answer with an accepted request or a
/// receiving-side ``RoundtripError``, never crash; and what it accepts must be what the spec
/// allows:
///
/// - every value is declared and typed, a list's item count is within its bounds, an empty value
///   is accepted only with `allow-empty`, and each list item parses again on its own;
/// - text holds no control character, but a `multiline` value's LF, TAB, and CR before LF; a
///   `comma` list's items hold no comma, a `newline` list's no line break;
/// - `base64` bytes are within `max-bytes`; accepted JSON is nested at most 32 levels;
/// - a secret is accepted only when it is the configured one, and is never echoed in a message;
/// - under form encoding, a `+` in a name or value comes only from a `%2B`;
/// - the canonical values are a fixed point, twice: written back in their declared forms
///   (``ParameterSpec/texts(for:)``), and decoded into a `Codable` struct and encoded again with
///   `URLQueryEncoder(parameters:)`, then decided again, they come back unchanged;
/// - an answer on `create`'s `x-success` (decided by the calling side, ``ResponseAcceptor``, at a
///   ledger holding its pending request) is accepted only with every returned value typed as
///   `returns` declares; written back in its declared forms, or decoded into a struct and encoded
///   with `URLQueryEncoder(parameters:)`, and answered with ``ResponseBuilder``, it is read the
///   same again; the notes app may answer `cancel`, never `error`, which `outcomes` leave out.
enum ValueFormsFuzz {
    /// The configured secret of `token`.
    static let secret = "fuzz-token-7Q"
    static let yaml = """
        roundtrip: 1
        app: {name: Forms, schemes: [forms]}
        actions:
          values:
            url: forms://values
            convention: none
            parameters:
              tag:     {type: string, list: repeated, min-items: 2, max-items: 4, max-length: 12}
              tags:    {type: string, list: comma, max-items: 6, pattern: "[a-z0-9 -]+"}
              ids:     {type: integer, list: comma, min-items: 1, max-items: 5, minimum: -1000, maximum: 1000}
              lines:   {type: string, list: newline, max-items: 5}
              amounts: {type: decimal, list: newline, max-items: 3}
              flags:   {type: boolean, format: yes-no, list: repeated, max-items: 3}
              uuids:   {type: uuid, list: comma, allow-empty: true}
              kinds:   {type: string, list: repeated, enum: [a, b, c], default: [a, b]}
              note:    {type: string, multiline: true, max-length: 120}
              blob:    {type: base64, max-bytes: 16}
              doc:     {type: json}
              clear:   {type: string, allow-empty: true, min-length: 2}
              count:   {type: integer, allow-empty: true, minimum: 1, maximum: 99}
              done:    {type: boolean, format: yes-no, default: no}
              token:   {type: secret, secret-env: FUZZ_VALUE_TOKEN}
          form:
            url: forms://form
            convention: none
            query-encoding: form
            unknown-parameters: accept
            parameters:
              text:  {type: string, max-length: 64}
              tags:  {type: string, list: comma, max-items: 4}
              lines: {type: string, list: newline, allow-empty: true}
              tag:   {type: string, list: repeated, allow-empty: true}
              note:  {type: string, multiline: true}
              flag:  {type: boolean, format: yes-no}
              blob:  {type: base64, max-bytes: 8, allow-empty: true}
              doc:   {type: json, allow-empty: true}
              token: {type: secret, secret-env: FUZZ_VALUE_TOKEN}
          create:
            convention: x-callback-url
            outcomes: [success, cancel]
            returns:
              id:   {type: uuid, required: true}
              tags: {type: string, list: comma, max-items: 4}
              tag:  {type: integer, list: repeated, max-items: 4}
              flag: {type: boolean, format: yes-no, default: no}
              data: {type: base64, max-bytes: 8}
              doc:  {type: json}
              note: {type: string, multiline: true, allow-empty: true, max-length: 40}
        """
    static let spec = try! SpecLoader.load(yaml: yaml).spec
    static let endpoint = try! Endpoint(spec: spec, keys: EnvironmentKeyResolver(environment: ["FUZZ_VALUE_TOKEN": secret]))
    static let values = spec.action(named: "values")!
    static let form = spec.action(named: "form")!
    static let create = spec.action(named: "create")!
    static let returns = create.returns!

    /// The receiving side's stable error codes.
    static let receivingCodes: Set<RoundtripError.Code> = [
        .malformedURL, .tooLarge, .unknownRoute, .missingParameter, .unauthorized, .unknownParameter, .duplicateParameter,
        .invalidParameter, .invalidEncoding, .missingCallback, .forbiddenCallback, .missingSignature,
        .badSignature, .expired, .replayed, .untrustedSource, .reservedParameter,
    ]

    /// `values`' parameters as an app would decode them.
    struct ValuesForm: Codable {
        var tag: [String]?
        var tags: [String]?
        var ids: [Int64]?
        var lines: [String]?
        var amounts: [Decimal]?
        var flags: [Bool]?
        var uuids: [UUID]?
        var kinds: [String]?
        var note: String?
        var blob: Data?
        var doc: String?
        var clear: String?
        var count: Int?
        var done: Bool?
        var token: String?
    }

    /// `form`'s declared parameters as an app would decode them.
    struct FormForm: Codable {
        var text: String?
        var tags: [String]?
        var lines: [String]?
        var tag: [String]?
        var note: String?
        var flag: Bool?
        var blob: Data?
        var doc: String?
        var token: String?
    }

    /// Checks what does not depend on the input, once: the parameter definitions a caller
    /// records in its ledger read back as the same parameters.
    static func setUp() {
        for parameters in [values.parameters, form.parameters, returns] {
            let json = ParameterDefinition.json(parameters)
            guard let again = try? ParameterDefinition.parameters(fromJSON: json) else { fatalError("the definitions \(json) do not read back") }
            FuzzDriver.require(ParameterDefinition.json(again) == json, "the definitions \(json) read back as \(ParameterDefinition.json(again))")
        }
        _ = (endpoint, sent, received)
    }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let selector = bytes.first else { return }
        let query = FuzzDriver.text(UnsafeBufferPointer(rebasing: bytes.dropFirst()))
        switch selector % 3 {
        case 0: decide(query, action: values)
        case 1: decide(query, action: form)
        default: checkResponse(query)
        }
    }

    // MARK: - Requests

    static func url(_ action: Action, _ query: String) -> String {
        "forms://\(action.name)?\(query)"
    }

    static func decide(_ query: String, action: Action) {
        let request: AcceptedRequest
        do throws(RoundtripError) {
            request = try endpoint.evaluate(url(action, query))
        } catch {
            FuzzDriver.require(receivingCodes.contains(error.code), "a reject with the calling-side code \(error.code)")
            if error.parameter == "token" {
                FuzzDriver.require(!error.message.contains(secret), "the message echoes the secret: \(error.message)")
            }
            return
        }
        FuzzDriver.require(request.actionName == action.name, "\(action.name) decided as \(request.actionName)")
        checkValues(request, action)
        checkSecret(request, query, action)
        checkFormEncoding(request, query, action)
        checkDeclaredForms(request, action)
        checkCodable(request, action)
    }

    static func checkValues(_ request: AcceptedRequest, _ action: Action) {
        for (name, value) in request.parameters {
            guard let parameter = action.parameter(named: name) else { fatalError("accepted the undeclared parameter '\(name)'") }
            switch value {
            case .empty:
                FuzzDriver.require(parameter.allowsEmpty, "'\(name)' is empty without allow-empty")
            case .list(let items):
                FuzzDriver.require(parameter.list != nil, "'\(name)' is a list but declares none")
                FuzzDriver.require(!items.isEmpty, "'\(name)' is an empty list")
                if let minimum = parameter.minimumItems {
                    FuzzDriver.require(items.count >= minimum, "'\(name)' has \(items.count) < \(minimum) items")
                }
                if let maximum = parameter.maximumItems {
                    FuzzDriver.require(items.count <= maximum, "'\(name)' has \(items.count) > \(maximum) items")
                }
                for item in items {
                    checkValue(item, parameter)
                    reparse(item, parameter)
                    let text = item.canonical
                    if parameter.list == .comma { FuzzDriver.require(!text.contains(","), "the comma item '\(text)' of '\(name)' holds a comma") }
                    if parameter.list == .newline {
                        FuzzDriver.require(
                            !text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" },
                            "the line '\(text)' of '\(name)' holds a line break"
                        )
                    }
                }
            default:
                FuzzDriver.require(parameter.list == nil, "the list '\(name)' is the single value \(value)")
                checkValue(value, parameter)
            }
        }
        for parameter in action.parameters where parameter.defaultValue != nil || parameter.defaultItems != nil {
            FuzzDriver.require(request.parameters[parameter.name] != nil, "accepted without the defaulted '\(parameter.name)'")
        }
        for item in request.undeclaredParameters {
            FuzzDriver.require(action.unknownParameters == .accept, "undeclared parameters accepted under \(action.unknownParameters)")
            FuzzDriver.require(action.parameter(named: item.name) == nil, "the declared '\(item.name)' is passed on as undeclared")
            checkText(item.name, multiline: false)
            checkText(item.value ?? "", multiline: false)
        }
    }

    /// One value (or list item) has the declared type and keeps its constraints.
    static func checkValue(_ value: ParameterValue, _ parameter: ParameterSpec) {
        switch (value, parameter.type) {
        case (.string(let text), .string):
            checkText(text, multiline: parameter.isMultiline)
            // Lengths count Unicode scalars, not grapheme clusters.
            if let maximum = parameter.maximumLength {
                FuzzDriver.require(text.unicodeScalars.count <= maximum, "'\(parameter.name)' is longer than \(maximum)")
            }
        case (.integer, .integer), (.decimal, .decimal), (.boolean, .boolean), (.uuid, .uuid), (.secret, .secret):
            break
        case (.json(let text), .json):
            checkText(text, multiline: false)
            FuzzDriver.require(jsonDepth(text) <= 32, "the JSON of '\(parameter.name)' nests \(jsonDepth(text)) levels: \(text)")
        case (.data(let bytes), .base64):
            if let maximum = parameter.maximumBytes { FuzzDriver.require(bytes.count <= maximum, "'\(parameter.name)' holds \(bytes.count) bytes") }
            FuzzDriver.require(Data(base64Encoded: value.canonical) == bytes, "the base64 '\(value.canonical)' does not decode to its bytes")
        default:
            fatalError("'\(parameter.name)' is \(value), not a \(parameter.type)")
        }
    }

    /// No control character, but a multi-line text's LF, TAB, and CR before LF.
    static func checkText(_ text: String, multiline: Bool) {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            guard isControl else { continue }
            let allowed =
                multiline && (scalar == "\n" || scalar == "\t" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"))
            FuzzDriver.require(allowed, "accepted U+\(String(value, radix: 16)) in '\(text.debugDescription)'")
        }
    }

    /// The deepest nesting of arrays and objects in JSON text.
    static func jsonDepth(_ text: String) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// A list item, written in its declared form, parses again on its own as the item it was.
    static func reparse(_ item: ParameterValue, _ parameter: ParameterSpec) {
        var single = parameter
        single.list = nil
        single.minimumItems = nil
        single.maximumItems = nil
        single.isRequired = false
        single.defaultValue = nil
        single.defaultItems = nil
        let text = single.text(for: item)
        do {
            let again = try ReturnedValues.check([QueryItem(name: parameter.name, value: text)], against: [single], action: "item")
            FuzzDriver.require(
                again[parameter.name] == item,
                "the item \(item) of '\(parameter.name)' parsed again as \(String(describing: again[parameter.name]))"
            )
        } catch {
            fatalError("the item '\(text)' of '\(parameter.name)' does not parse on its own: \(error)")
        }
    }

    /// A secret is accepted only when it is the configured one.
    static func checkSecret(_ request: AcceptedRequest, _ query: String, _ action: Action) {
        guard let value = request.parameters["token"] else { return }
        FuzzDriver.require(value == .secret, "the secret reads as \(value)")
        // Read the raw query with the strict codec (`+` as a space under form encoding); values it
        // cannot read (a multi-line one) tell nothing about the token.
        let strict = action.queryEncoding == .form ? query.replacingOccurrences(of: "+", with: "%20") : query
        guard let items = try? QueryCodec.decode(strict, allowDuplicates: true) else { return }
        for item in items where item.name == "token" {
            FuzzDriver.require(item.value == secret, "accepted the token '\(item.value ?? "")'")
        }
    }

    /// Under form encoding a `+` reads as a space, so one in the result comes from a `%2B`.
    static func checkFormEncoding(_ request: AcceptedRequest, _ query: String, _ action: Action) {
        guard action.queryEncoding == .form, !query.lowercased().contains("%2b") else { return }
        for (name, value) in request.canonicalValues {
            FuzzDriver.require(!name.contains("+"), "the name '\(name)' kept a '+'")
            switch value {
            case .text(let text): FuzzDriver.require(!text.contains("+"), "'\(name)' kept a '+': \(text)")
            case .list(let items): FuzzDriver.require(!items.joined().contains("+"), "'\(name)' kept a '+': \(items)")
            }
        }
    }

    /// Decides the canonical values again, written as `items`, and requires the same result.
    static func decideAgain(_ items: [QueryItem], _ request: AcceptedRequest, _ action: Action, via: String, ignoring: Set<String> = []) {
        let rebuilt = url(action, QueryCodec.encode(items + request.undeclaredParameters))
        let again: AcceptedRequest
        do throws(RoundtripError) {
            again = try endpoint.evaluate(rebuilt)
        } catch  where error.code == .tooLarge {
            return  // Percent-encoding what arrived unescaped can grow the URL past the limit.
        } catch {
            fatalError("the canonical values of \(url(action, "…")) written \(via) were refused: \(error)\n\(rebuilt)")
        }
        let before = request.canonicalValues.filter { !ignoring.contains($0.key) }
        let after = again.canonicalValues.filter { !ignoring.contains($0.key) }
        FuzzDriver.require(before == after, "written \(via), \(before) came back as \(after)\n\(rebuilt)")
        FuzzDriver.require(again.undeclaredParameters == request.undeclaredParameters, "the undeclared parameters changed \(via)")
    }

    /// The values written in their declared forms (``ParameterSpec/texts(for:)``).
    static func checkDeclaredForms(_ request: AcceptedRequest, _ action: Action) {
        var items: [QueryItem] = []
        for parameter in action.parameters {
            guard let value = request.parameters[parameter.name] else { continue }
            if value == .secret {
                items.append(QueryItem(name: parameter.name, value: secret))
            } else {
                items += parameter.texts(for: value).map { QueryItem(name: parameter.name, value: $0) }
            }
        }
        decideAgain(items, request, action, via: "in their declared forms")
    }

    /// The values decoded into a struct and encoded again with the action's parameters. An empty
    /// value reads as `nil` into anything but a `String`, so it is left out then, not cleared.
    static func checkCodable(_ request: AcceptedRequest, _ action: Action) {
        let copy = AcceptedRequest(
            actionName: request.actionName,
            convention: request.convention,
            parameters: request.parameters,
            callbacks: request.callbacks,
            url: request.url
        )
        let items: [QueryItem]
        do {
            if action.name == values.name {
                var decoded = try copy.decode(ValuesForm.self)
                if decoded.token != nil { decoded.token = secret }
                items = try URLQueryEncoder(parameters: action.parameters).encode(decoded)
            } else {
                var decoded = try copy.decode(FormForm.self)
                if decoded.token != nil { decoded.token = secret }
                items = try URLQueryEncoder(parameters: action.parameters).encode(decoded)
            }
        } catch {
            fatalError("the accepted request does not decode and encode again: \(error)")
        }
        let stringNames: Set<String> = ["note", "doc", "clear", "text", "token"]
        let dropped = Set(request.parameters.filter { $0.value == .empty && !stringNames.contains($0.key) }.keys)
        decideAgain(items, request, action, via: "through Codable", ignoring: dropped)
    }

    // MARK: - Responses

    /// The caller's callback base for `create`.
    static let callbackBase = "caller://back"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    /// `create` as the caller sent it (its pending request), and as the notes app accepted it.
    static let sent = try! RequestBuilder(partner: spec).build(create.name, callback: callbackBase, now: now, nonce: "AAAAAAAAAAAAAAAAAAAAAA")
    static let received = try! endpoint.evaluate(sent.url)

    /// `create`'s returns as a caller would decode them.
    struct Created: Codable {
        var id: UUID
        var tags: [String]?
        var tag: [Int]?
        var flag: Bool
        var data: Data?
        var doc: String?
        var note: String?
    }

    /// Accepts a callback at a fresh ledger holding `create`'s pending request.
    static func accept(_ url: String) -> Result<AcceptedResponse, any Error> {
        FuzzDriver.wait {
            let ledger = InMemoryLedgerStore()
            do {
                try await ledger.record(sent.pending!)
                return .success(try await ResponseAcceptor(ledger: ledger).accept(url, now: now))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The rest of the input is the answer's query on `x-success`, after the caller's `rt-state`.
    static func checkResponse(_ query: String) {
        let success = received.callbacks["success"]!
        let response: AcceptedResponse
        switch accept(query.isEmpty ? success : success + "&" + query) {
        case .success(let accepted):
            response = accepted
        case .failure(let error):
            guard let error = error as? RoundtripError else { fatalError("the calling side threw \(error)") }
            FuzzDriver.require(RoundtripError.Code.all.contains(error.code), "the calling side threw the unknown code \(error.code)")
            return
        }
        FuzzDriver.require(response.outcome == "success", "an answer on x-success reads as \(response.outcome)")
        guard let typed = response.returns else { fatalError("a success of an action with returns is untyped") }
        for parameter in returns {
            guard let value = typed[parameter.name] else {
                FuzzDriver.require(!parameter.isRequired && parameter.defaultValue == nil, "the answer lacks '\(parameter.name)'")
                continue
            }
            switch value {
            case .list(let listed):
                FuzzDriver.require(parameter.list != nil, "'\(parameter.name)' is a list but declares none")
                if let maximum = parameter.maximumItems {
                    FuzzDriver.require(listed.count <= maximum, "'\(parameter.name)' has \(listed.count) items")
                }
                for item in listed {
                    checkValue(item, parameter)
                    reparse(item, parameter)
                }
            case .empty:
                FuzzDriver.require(parameter.allowsEmpty, "the returned '\(parameter.name)' is empty without allow-empty")
            default:
                FuzzDriver.require(parameter.list == nil, "the returned list '\(parameter.name)' is the single value \(value)")
                checkValue(value, parameter)
            }
        }

        // The notes app answers with the values in their declared forms: the caller reads the same.
        var written: [QueryItem] = []
        for parameter in returns {
            guard let value = typed[parameter.name] else { continue }
            written += parameter.texts(for: value).map { QueryItem(name: parameter.name, value: $0) }
        }
        answerAgain(written, typed, via: "in their declared forms")

        // The caller decodes the answer; encoded again with `returns`, it answers the same.
        do {
            let created = try response.decode(Created.self)
            let items = try URLQueryEncoder(parameters: returns).encode(created)
            // An empty value reads as `nil` into anything but a `String`.
            let dropped = Set(typed.filter { $0.value == .empty && $0.key != "doc" && $0.key != "note" }.keys)
            answerAgain(items, typed.filter { !dropped.contains($0.key) }, via: "through Codable")
        } catch {
            fatalError("the accepted answer \(typed) does not decode and encode again: \(error)")
        }

        // `outcomes: [success, cancel]`: the notes app may cancel, never answer `error`.
        FuzzDriver.require(
            (try? ResponseBuilder.callbackURL(answering: received, action: create, outcome: "error")) == nil,
            "answered 'error', which the outcomes leave out"
        )
        FuzzDriver.require(
            (try? ResponseBuilder.callbackURL(answering: received, action: create, outcome: "cancel")) != nil,
            "could not answer 'cancel'"
        )
    }

    /// Answers `create` with `items` and requires the caller to read `expected`.
    static func answerAgain(_ items: [QueryItem], _ expected: [String: ParameterValue], via: String) {
        let answer: String
        do {
            answer = try ResponseBuilder.callbackURL(answering: received, action: create, outcome: "success", parameters: items)
        } catch {
            fatalError("the answer written \(via), \(items), cannot be built: \(error)")
        }
        switch accept(answer) {
        case .success(let again):
            // Defaults come back whether the answer carries them or not.
            FuzzDriver.require(again.returns == expected, "written \(via), \(expected) came back as \(String(describing: again.returns))\n\(answer)")
        case .failure(let error) where (error as? RoundtripError)?.code == .tooLarge:
            return  // Percent-encoding what arrived unescaped can grow the URL past the limit.
        case .failure(let error):
            fatalError("the answer written \(via) is refused: \(error)\n\(answer)")
        }
    }
}

/// The executable's entry point (SwiftPM links `main` to `<module>_main`); see ``FuzzDriver/run(_:_:setUp:_:)``.
@_cdecl("fuzz_value_forms_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, setUp: ValueFormsFuzz.setUp) { bytes in
        ValueFormsFuzz.run(bytes)
    }
}
