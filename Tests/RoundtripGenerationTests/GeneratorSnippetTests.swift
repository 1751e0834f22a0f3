import Foundation
import Roundtrip
import RoundtripYAML
import Testing

@testable import RoundtripGeneration

/// The generator's templates, each on a small spec: the spec in, the exact Swift out, in the
/// manner of swift-openapi-generator's snippet-based reference tests. The expected code is written
/// here by hand; a change to a template shows as a diff of these strings.
@Suite("Code generation: a small spec in, the exact Swift out")
struct GeneratorSnippetTests {
    static let notes = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes]}
        actions:
          open:
            url: notes://open/:id
            convention: none
            description: Opens a note.
            parameters:
              line: {type: integer, minimum: 1}
        """

    static let payments = """
        roundtrip: 1
        app: {name: Pay, schemes: [pay]}
        actions:
          charge:
            url: pay://charge
            convention: return-url
            response-prefix: p_
            outcomes: [approved, declined]
            returns:
              receipt: {type: string, required: true, max-length: 1}
          sync:
            convention: x-callback-url
            outcomes: [error]
        """

    static func generate(_ yaml: String, _ role: GeneratorConfiguration.Role, source: String) throws -> String {
        SwiftGenerator.generate(try SpecLoader.load(yaml: yaml).spec, configuration: GeneratorConfiguration(role: role), source: source)
    }

    /// The declaration that starts with `header` (its `occurrence`-th), with the documentation
    /// above it, through the brace that closes it at its own indentation.
    static func declaration(_ header: String, occurrence: Int = 0, in source: String) -> String? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let starts = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix(header) }
        guard occurrence < starts.count else { return nil }
        let line = starts[occurrence]
        var first = line
        while first > 0, lines[first - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///") { first -= 1 }
        let indent = String(lines[line].prefix { $0 == " " })
        guard let last = lines[line...].firstIndex(of: indent + "}") else { return nil }
        return lines[first...last].joined(separator: "\n")
    }

    /// The receiver template: the compiled spec, the endpoint, the request enum and one struct per
    /// action with its typed values.
    static let rides = """
        roundtrip: 1
        app: {name: Rides, schemes: [rides]}
        actions:
          set-pickup:
            url: rides://
            convention: none
            select: {action: setPickup, mode: new}
          open:
            url: rides://
            convention: none
        """

    /// An action with `select`: the compiled spec carries its pairs (the builder writes them),
    /// the client's method and the receiver's type say which pairs choose the action.
    @Test func anActionWithSelect() throws {
        let client = try Self.generate(Self.rides, .caller, source: "rides.yaml")
        let receiver = try Self.generate(Self.rides, .receiver, source: "rides.yaml")
        let literal = """
                                queryEncoding: .rfc3986,
                                select: [QueryItem(name: "action", value: "setPickup"), QueryItem(name: "mode", value: "new")],
                            ),
            """
        #expect(client.contains(literal), "\(client)")
        #expect(receiver.contains(literal))
        #expect(
            Self.declaration("func setPickup(", in: client) == """
                    /// Calls `set-pickup` (none, `rides://`) with `action=setPickup`, `mode=new`; the convention has no way back, so nothing is awaited.
                    ///
                    /// - Parameters:
                    ///   - signer: Signs the request (needed when the partner requires signatures).
                    /// - Returns: The request as sent.
                    /// - Throws: `RoundtripError` for a request that breaks the spec, `OpenFailure` when no app opened it.
                    func setPickup(signer: RequestSigner? = nil) async throws -> OutgoingRequest {
                        let definition = Self.spec.actions[0]
                        let items: [QueryItem] = []
                        return try await self.caller.send(definition.name, to: self.partner, parameters: items, callback: nil, signer: signer)
                    }
                """
        )
        #expect(
            receiver.contains(
                "    /// `set-pickup`: none at `rides://` when the query carries `action=setPickup`, `mode=new`.\n    struct SetPickup: Sendable {"
            )
        )
        #expect(receiver.contains("    /// `open`: none at `rides://`.\n    struct Open: Sendable {"))
    }

    /// `allow-schemes`, the app's and an action's own: the compiled spec carries both, so a
    /// receiver built from the code accepts the callbacks the file allows.
    @Test func allowSchemesAreCarriedIntoTheCompiledSpec() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Editor, schemes: [editor]}
            allow-schemes: [vscode]
            actions:
              open:
                convention: x-callback-url
              export:
                convention: x-callback-url
                allow-schemes: [ms-word]
            """
        let receiver = try Self.generate(yaml, .receiver, source: "editor.yaml")
        #expect(receiver.contains("allowSchemes: [\"ms-word\"],\n"), "\(receiver)")
        #expect(receiver.contains("allowSchemes: [\"vscode\"],\n"), "\(receiver)")
        #expect(receiver.components(separatedBy: "allowSchemes:").count == 3)
    }

    /// `fragment: ignore`, `ignore-parameters` and `forbid-parameters`: the compiled spec carries
    /// them, so a receiver built from the code drops and refuses what the file says.
    @Test func anIgnoredFragmentIsCarriedIntoTheCompiledSpec() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Editor, schemes: [editor]}
            actions:
              open: {url: "editor://open", convention: none, fragment: ignore, ignore-parameters: [From, Resent-*], forbid-parameters: req-*}
              close: {url: "editor://close", convention: none}
            """
        let receiver = try Self.generate(yaml, .receiver, source: "editor.yaml")
        #expect(receiver.contains("ignoresFragment: true,\n"), "\(receiver)")
        #expect(receiver.components(separatedBy: "ignoresFragment:").count == 2)
        #expect(receiver.contains("ignoreParameters: ParameterNameList([\"From\", \"Resent-*\"]),\n"), "\(receiver)")
        #expect(receiver.contains("forbidParameters: ParameterNameList([\"req-*\"]),\n"), "\(receiver)")
    }

    /// `required-callbacks` and `requires-one-of`: the compiled spec carries both (the endpoint
    /// and the builder enforce them), and the documentation says so.
    @Test func anActionWithRequirements() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Journal, schemes: [journal]}
            actions:
              open-note:
                convention: x-callback-url
                required-callbacks: [success]
                requires-one-of: [id, day]
                parameters:
                  id: {type: string}
                  day: {type: date}
            """
        let client = try Self.generate(yaml, .caller, source: "journal.yaml")
        let receiver = try Self.generate(yaml, .receiver, source: "journal.yaml")
        let literal = """
                                queryEncoding: .rfc3986,
                                requiredCallbacks: ["success"],
                                requiresOneOf: [["id", "day"]],
                            ),
            """
        #expect(client.contains(literal), "\(client)")
        #expect(receiver.contains(literal))
        #expect(
            client.contains(
                "    ///   - callback: The base URL to come back to (this app's own scheme or universal link); the partner requires `x-success`, which it always carries.\n"
            )
        )
        #expect(receiver.contains("    /// The endpoint accepts the request only with at least one of `id`, `day`.\n    struct OpenNote: Sendable {"))
    }

    @Test func theReceiverOfOneAction() throws {
        let expected = ##"""
            // Generated by Roundtrip \##(RoundtripVersion.current) from small.yaml (role: receiver). Do not edit: change the spec and
            // regenerate with `roundtrip spec generate small.yaml --role receiver` or the RoundtripGenerator plugin.
            // swift-format-ignore-file

            import Foundation
            import Roundtrip

            /// The URL API of Notes, compiled from its Roundtrip spec: the app parses no spec text at launch.
            ///
            /// ```swift
            /// let endpoint = try NotesReceiver.endpoint()
            /// switch try NotesReceiver.Request(try endpoint.evaluate(url.absoluteString, source: source)) {
            /// case .`open`(let request): …
            /// }
            /// ```
            enum NotesReceiver {
                /// The spec, compiled into code.
                static let spec = makeSpec()

                /// Builds the spec value: what ``spec`` holds, made once.
                static func makeSpec() -> Spec {
                    // Values the spec repeats, each made once.
                    let sources1 = SourcePolicy(allow: nil, deny: [], unknown: .allow)
                    return Spec(
                        formatVersion: 1,
                        app: AppDescription(name: "Notes", appID: nil, schemes: ["notes"], domains: [], description: nil),
                        sources: sources1,
                        signatures: .off,
                        queryEncoding: .rfc3986,
                        actions: [
                            Action(
                                name: "open",
                                routes: [RoutePattern(text: "notes://open/:id", scheme: "notes", host: "open", hasAuthority: true, segments: [.literal(""), .placeholder("id")])],
                                convention: .none,
                                outcomes: [],
                                unknownParameters: .reject,
                                parameters: [
                                    ParameterSpec(name: "line", type: .integer, minimum: Decimal(sign: .plus, exponent: 0, significand: 1)),
                                    ParameterSpec(name: "id", type: .string, isRequired: true),
                                ],
                                sources: sources1,
                                signatures: .off,
                                queryEncoding: .rfc3986,
                                description: "Opens a note.",
                            ),
                        ],
                    )
                }

                /// The endpoint that decides incoming URLs against ``spec``.
                ///
                /// - Parameters:
                ///   - keys: Resolves signing keys and secrets (by default from the environment).
                ///   - limits: Size limits.
                /// - Throws: `RoundtripError` when two actions share a route.
                static func endpoint(keys: any KeyResolver = EnvironmentKeyResolver(), limits: QueryLimits = .default) throws(RoundtripError) -> Endpoint {
                    try Endpoint(spec: spec, limits: limits, keys: keys)
                }

                /// An incoming request that the endpoint accepted, typed by its action: a handler switches over it.
                enum Request: Sendable {
                    /// Opens a note.
                    case `open`(Open)

                    /// Types an accepted request.
                    ///
                    /// - Throws: `RoundtripError` `unknown-route` for an action this code does not know (regenerate it).
                    init(_ request: AcceptedRequest) throws(RoundtripError) {
                        switch request.actionName {
                        case "open": self = .`open`(try Open(request))
                        default: throw RoundtripError(.unknownRoute, "the generated code has no action '\(request.actionName)'; regenerate it from the current spec")
                        }
                    }

                    /// The accepted request underneath (callbacks, signature, the URL as received).
                    var accepted: AcceptedRequest {
                        switch self {
                        case .`open`(let value): value.request
                        }
                    }
                }

                /// Opens a note.
                ///
                /// `open`: none at `notes://open/:id`.
                ///
                /// Parameters:
                /// - `line`: (integer; optional; at least 1)
                /// - `id`: (string; required)
                struct Open: Sendable {
                    /// `line`: (integer; optional; at least 1)
                    let line: Int64?
                    /// `id`: (string; required)
                    let id: String
                    /// The accepted request: its callbacks, signature and URL.
                    let request: AcceptedRequest

                    /// The action in ``NotesReceiver/spec``.
                    static var action: Action { NotesReceiver.spec.actions[0] }

                    /// Reads the typed values of an accepted `open` request.
                    ///
                    /// - Throws: `RoundtripError` when the request is of another action, or a value is of another type (regenerate the code).
                    init(_ request: AcceptedRequest) throws(RoundtripError) {
                        guard request.actionName == "open" else {
                            throw RoundtripError(.unknownRoute, "the request is for '\(request.actionName)', not '\(Self.action.name)'")
                        }
                        let values = request.parameters
                        self.line = try values.value("line", as: Int64.self)
                        self.id = try values.required("id", as: String.self)
                        self.request = request
                    }
                }
            }
            """##
        #expect(try Self.generate(Self.notes, .receiver, source: "small.yaml") == expected + "\n")
    }

    /// The caller template: the compiled spec and one method per action.
    @Test func theClientOfOneAction() throws {
        let expected = ##"""
            // Generated by Roundtrip \##(RoundtripVersion.current) from small.yaml (role: caller). Do not edit: change the spec and
            // regenerate with `roundtrip spec generate small.yaml --role caller` or the RoundtripGenerator plugin.
            // swift-format-ignore-file

            import Foundation
            import Roundtrip

            /// A client of Notes's URL API, generated from its Roundtrip spec.
            ///
            /// Each method builds the request, records it in the caller's ledger, opens it, and waits for the answer:
            ///
            /// ```swift
            /// let client = try NotesClient(caller: caller)
            /// let result = try await client.`open`(…, callback: "my-app://done")
            /// ```
            struct NotesClient: Sendable {
                /// The partner's spec, compiled into code.
                static let spec = makeSpec()

                /// Builds the spec value: what ``spec`` holds, made once.
                static func makeSpec() -> Spec {
                    // Values the spec repeats, each made once.
                    let sources1 = SourcePolicy(allow: nil, deny: [], unknown: .allow)
                    return Spec(
                        formatVersion: 1,
                        app: AppDescription(name: "Notes", appID: nil, schemes: ["notes"], domains: [], description: nil),
                        sources: sources1,
                        signatures: .off,
                        queryEncoding: .rfc3986,
                        actions: [
                            Action(
                                name: "open",
                                routes: [RoutePattern(text: "notes://open/:id", scheme: "notes", host: "open", hasAuthority: true, segments: [.literal(""), .placeholder("id")])],
                                convention: .none,
                                outcomes: [],
                                unknownParameters: .reject,
                                parameters: [
                                    ParameterSpec(name: "line", type: .integer, minimum: Decimal(sign: .plus, exponent: 0, significand: 1)),
                                    ParameterSpec(name: "id", type: .string, isRequired: true),
                                ],
                                sources: sources1,
                                signatures: .off,
                                queryEncoding: .rfc3986,
                                description: "Opens a note.",
                            ),
                        ],
                    )
                }

                /// Sends the requests and accepts their answers.
                let caller: Caller
                /// Builds the requests against ``spec``.
                let partner: RequestBuilder

                /// Creates a client that calls through `caller` (its ledger keeps every pending request).
                init(caller: Caller) throws(RoundtripError) {
                    self.caller = caller
                    partner = try RequestBuilder(partner: Self.spec)
                }

                /// Opens a note.
                ///
                /// Calls `open` (none, `notes://open/:id`); the convention has no way back, so nothing is awaited.
                ///
                /// - Parameters:
                ///   - line: `line`: (integer; optional; at least 1)
                ///   - id: `id`: (string; required)
                ///   - signer: Signs the request (needed when the partner requires signatures).
                /// - Returns: The request as sent.
                /// - Throws: `RoundtripError` for a request that breaks the spec, `OpenFailure` when no app opened it.
                func `open`(line: Int64? = nil, id: String, signer: RequestSigner? = nil) async throws -> OutgoingRequest {
                    let definition = Self.spec.actions[0]
                    var items: [QueryItem] = []
                    items += definition.parameters[0].queryItems(for: line)
                    items += definition.parameters[1].queryItems(for: id)
                    return try await self.caller.send(definition.name, to: self.partner, parameters: items, callback: nil, signer: signer)
                }
            }
            """##
        #expect(try Self.generate(Self.notes, .caller, source: "small.yaml") == expected + "\n")
    }

    /// The returns template of a return-url action names its success outcome, and its bounds read
    /// as the docs say them ("at most 1 character").
    @Test func theReturnsOfAReturnURLAction() throws {
        let expected = ##"""
                    /// What the success callback (`approved`) carries back.
                    ///
                    /// - `receipt`: (string; required; at most 1 character)
                    struct Returns: Sendable {
                        /// `receipt`: (string; required; at most 1 character)
                        var receipt: String

                        /// Creates the returned values.
                        init(receipt: String) {
                            self.receipt = receipt
                        }

                        /// The response parameters, each in its declared form.
                        var queryItems: [QueryItem] {
                            let definitions = PayReceiver.Charge.action.returns ?? []
                            var items: [QueryItem] = []
                            items += definitions[0].queryItems(for: self.receipt)
                            return items
                        }
                    }
            """##
        let source = try Self.generate(Self.payments, .receiver, source: "pay.yaml")
        #expect(Self.declaration("struct Returns", in: source) == expected)
    }

    /// The returns template of an x-callback-url action whose outcomes leave out success.
    @Test func theReturnsOfAnActionThatNeverSucceeds() throws {
        let expected = ##"""
                    /// The action never answers success (its outcomes are `error`), so there is no success callback and nothing to carry back; ``answer(_:)`` always throws.
                    struct Returns: Sendable {
                        /// Creates the returned values.
                        init() {}

                        /// The response parameters, each in its declared form.
                        var queryItems: [QueryItem] {
                            []
                        }
                    }
            """##
        let source = try Self.generate(Self.payments, .receiver, source: "pay.yaml")
        #expect(Self.declaration("struct Returns", occurrence: 1, in: source) == expected)
    }

    /// The one-line summary of a value, which the receiver's and the client's documentation repeat.
    @Test(arguments: [
        ("{type: string, min-length: 1}", "string; optional; at least 1 character"),
        ("{type: string, min-length: 2, max-length: 8}", "string; optional; 2 to 8 characters"),
        ("{type: string, max-length: 1, required: true}", "string; required; at most 1 character"),
        ("{type: integer, minimum: 0}", "integer; optional; at least 0"),
        ("{type: decimal, minimum: 0.01, maximum: 100}", "decimal; optional; from 0.01 to 100"),
        ("{type: string, list: comma, max-items: 1}", "string; comma list; at most 1 item; optional"),
        ("{type: base64, max-bytes: 1}", "base64; optional; at most 1 byte once decoded"),
        ("{type: base64, max-bytes: 64}", "base64; optional; at most 64 bytes once decoded"),
    ])
    func aValueSummarySaysItsBounds(_ definition: String, _ summary: String) throws {
        let yaml = "roundtrip: 1\napp: {name: T, schemes: [t]}\nactions:\n  a: {url: 't://a', convention: none, parameters: {v: \(definition)}}\n"
        let parameter = try #require(try SpecLoader.load(yaml: yaml).spec.actions.first?.parameters.first)
        #expect(SwiftTypeMapping.summary(parameter) == summary)
    }

    static let browser = """
        roundtrip: 1
        app: {name: Browser, schemes: [browser]}
        actions:
          go:
            url: browser://go
            convention: none
            parameters:
              new-tab: {type: boolean, format: presence}
              fld*: {type: string, allow-empty: true}
              pickup[latitude]: {type: decimal}
              tags: {type: string, list: space}
        """

    /// A presence switch is a plain `Bool`, a prefix a dictionary by full name, a bracket name a
    /// camel-case property, on the receiving side.
    @Test func theReceiverOfSwitchesPrefixesAndBracketNames() throws {
        let expected = ##"""
                /// `go`: none at `browser://go`.
                ///
                /// Parameters:
                /// - `new-tab`: (switch: `new-tab` alone is true, absent is false)
                /// - `fld*`: (string; every name starting `fld`, by name; may be empty: `fld…=`, `.cleared` here, clears it)
                /// - `pickup[latitude]`: (decimal; optional)
                /// - `tags`: (string; space list; optional)
                struct Go: Sendable {
                    /// `new-tab`: (switch: `new-tab` alone is true, absent is false)
                    let newTab: Bool
                    /// `fld*`: (string; every name starting `fld`, by name; may be empty: `fld…=`, `.cleared` here, clears it)
                    let fld: [String: Clearable<String>]
                    /// `pickup[latitude]`: (decimal; optional)
                    let pickupLatitude: Decimal?
                    /// `tags`: (string; space list; optional)
                    let tags: [String]?
                    /// The accepted request: its callbacks, signature and URL.
                    let request: AcceptedRequest

                    /// The action in ``BrowserReceiver/spec``.
                    static var action: Action { BrowserReceiver.spec.actions[0] }

                    /// Reads the typed values of an accepted `go` request.
                    ///
                    /// - Throws: `RoundtripError` when the request is of another action, or a value is of another type (regenerate the code).
                    init(_ request: AcceptedRequest) throws(RoundtripError) {
                        guard request.actionName == "go" else {
                            throw RoundtripError(.unknownRoute, "the request is for '\(request.actionName)', not '\(Self.action.name)'")
                        }
                        let values = request.parameters
                        self.newTab = try values.required("new-tab", as: Bool.self)
                        self.fld = try values.values(matching: Self.action.parameters[1], in: Self.action, as: Clearable<String>.self)
                        self.pickupLatitude = try values.value("pickup[latitude]", as: Decimal.self)
                        self.tags = try values.value("tags", as: [String].self)
                        self.request = request
                    }
                }
            """##
        let source = try Self.generate(Self.browser, .receiver, source: "browser.yaml")
        #expect(Self.declaration("struct Go", in: source) == expected)
        #expect(source.contains("ParameterSpec(name: \"new-tab\", type: .boolean, booleanFormat: .presence)"))
        #expect(source.contains("ParameterSpec(name: \"tags\", type: .string, list: .space)"))
    }

    /// The caller passes a switch as a `Bool` that is off by default, and a prefix's values as a
    /// dictionary by full name.
    @Test func theCallerOfSwitchesAndPrefixes() throws {
        let expected = ##"""
                /// Calls `go` (none, `browser://go`); the convention has no way back, so nothing is awaited.
                ///
                /// - Parameters:
                ///   - newTab: `new-tab`: (switch: `new-tab` alone is true, absent is false)
                ///   - fld: `fld*`: (string; every name starting `fld`, by name; may be empty: `fld…=`, `.cleared` here, clears it)
                ///   - pickupLatitude: `pickup[latitude]`: (decimal; optional)
                ///   - tags: `tags`: (string; space list; optional)
                ///   - signer: Signs the request (needed when the partner requires signatures).
                /// - Returns: The request as sent.
                /// - Throws: `RoundtripError` for a request that breaks the spec, `OpenFailure` when no app opened it.
                func go(
                    newTab: Bool = false,
                    fld: [String: Clearable<String>] = [:],
                    pickupLatitude: Decimal? = nil,
                    tags: [String]? = nil,
                    signer: RequestSigner? = nil
                ) async throws -> OutgoingRequest {
                    let definition = Self.spec.actions[0]
                    var items: [QueryItem] = []
                    items += definition.parameters[0].queryItems(for: newTab)
                    items += definition.parameters[1].queryItems(forEach: fld)
                    items += definition.parameters[2].queryItems(for: pickupLatitude)
                    items += definition.parameters[3].queryItems(for: tags)
                    return try await self.caller.send(definition.name, to: self.partner, parameters: items, callback: nil, signer: signer)
                }
            """##
        let source = try Self.generate(Self.browser, .caller, source: "browser.yaml")
        #expect(Self.declaration("func go(", in: source) == expected)
    }
}
