import Foundation
import Roundtrip
import RoundtripGeneration
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The generator: its naming rule, its determinism, and the committed generated code kept equal
/// to what it generates now (so `GeneratedCodeTests` compiles and runs the current output).
@Suite("Code generation from specs")
struct GeneratorTests {
    struct Naming: Sendable, CustomTestStringConvertible {
        let names: [String]
        let members: [String]
        let types: [String]
        var testDescription: String { names.joined(separator: ", ") }
    }

    static let naming: [Naming] = [
        Naming(names: ["x-things-id", "add-text", "1st"], members: ["xThingsId", "addText", "_1st"], types: ["XThingsId", "AddText", "_1st"]),
        Naming(names: ["default", "self", "Type"], members: ["`default`", "`self`", "type"], types: ["Default", "`Self`", "`Type`"]),
        Naming(
            names: ["add-text", "add_text", "addText"],
            members: ["addText", "addText2", "addText3"],
            types: ["AddText", "AddText2", "AddText3"]
        ),
        Naming(names: ["Title", "title", "TITLE"], members: ["title", "title2", "title3"], types: ["Title", "Title2", "TITLE3"]),
        Naming(
            names: ["USD", "invoiceNumber", "--", "é"],
            members: ["usd", "invoiceNumber", "value", "value2"],
            types: ["USD", "InvoiceNumber", "Value", "Value2"]
        ),
        Naming(names: ["request", "request"], members: ["request2", "request3"], types: ["Request", "Request2"]),
    ]

    @Test(arguments: naming)
    func namesBecomeValidDistinctSwiftNames(_ naming: Naming) {
        var members = SwiftNames(reserved: ["request"])
        #expect(naming.names.map { members.member($0) } == naming.members)
        var types = SwiftNames()
        #expect(naming.names.map { types.type($0) } == naming.types)
    }

    struct Reserved: Sendable, CustomTestStringConvertible {
        let reserved: Set<String>
        let names: [String]
        let members: [String]
        var testDescription: String { names.joined(separator: ", ") }
    }

    /// Reserved names count whatever their letter case: the generated code's own camel-case
    /// names (`queryItems`, `rawValue`, `allCases`) are avoided like lower-case ones.
    static let reservedNames: [Reserved] = [
        Reserved(reserved: ["queryItems"], names: ["query-items", "query_items"], members: ["queryItems2", "queryItems3"]),
        Reserved(
            reserved: ["init", "rawValue", "allCases", "parameterValue"],
            names: ["allCases", "raw-value", "parameter value", "init", "all-cases"],
            members: ["allCases2", "rawValue2", "parameterValue2", "init2", "allCases3"]
        ),
        Reserved(reserved: ["Request"], names: ["request", "REQUEST"], members: ["request2", "request3"]),
    ]

    @Test(arguments: reservedNames)
    func reservedNamesAreAvoidedWhateverTheirCase(_ example: Reserved) {
        var names = SwiftNames(reserved: example.reserved)
        #expect(example.names.map { names.member($0) } == example.members)
    }

    /// A spec is untrusted input (a partner's goes into `--role caller`): its text may try to
    /// end a comment or a string literal and become code.
    static let hostileSpec = Spec(
        app: AppDescription(name: "Notes", appID: nil, schemes: ["notes"], domains: [], description: "x\rfunc injected() {}"),
        actions: [
            Action(
                name: "not 'q\"x'",
                routes: [try! RoutePattern("notes://q")],
                convention: .xCallbackURL,
                parameters: [
                    ParameterSpec(
                        name: "kind",
                        allowedValues: ["a`b", "c\u{2028}func injected() {}"],
                        description: "one\u{85}func injected() {}\r\nthree\u{2029}four\u{202E}"
                    )
                ],
                description: "d\u{2029}func injected() {}"
            )
        ]
    )

    @Test(arguments: GeneratorConfiguration.Role.allCases)
    func specTextNeverBecomesCode(_ role: GeneratorConfiguration.Role) {
        let source = SwiftGenerator.generate(Self.hostileSpec, configuration: GeneratorConfiguration(role: role), source: "notes\r.yaml")
        let terminators: Set<Unicode.Scalar> = ["\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{202E}"]
        #expect(!source.unicodeScalars.contains { terminators.contains($0) }, "only LF ends a line of the generated code")
        let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(!lines.contains { $0.hasPrefix("func injected") })
        for expected in ["/// func injected() {}", "/// three", "/// ``a`b``", "/// `c\\u{2028}func injected() {}`"] {
            #expect(lines.contains(expected), "\(expected)")
        }
        #expect(lines.contains { $0.hasPrefix("/// four\\u{202e} (string; optional;") }, "a direction override is written out")
        if role == .receiver {
            #expect(lines.contains(#"case "not 'q\"x'": self = .notQX(try NotQX(request))"#))
            #expect(lines.contains(#"guard request.actionName == "not 'q\"x'" else {"#))
            #expect(lines.contains(#"throw RoundtripError(.unknownRoute, "the request is for '\(request.actionName)', not '\(Self.action.name)'")"#))
        }
    }

    /// The reviewer's spec: names that hid Roundtrip's and Swift's types, the generated type, its
    /// static `spec` and its locals, so the generated code did not compile.
    static let collidingSpec = """
        roundtrip: 1
        app: {name: Mail, schemes: [mail]}
        actions:
          reply:
            convention: x-callback-url
            parameters: {spec: {type: string}, caller: {type: string}, partner: {type: string}, action: {type: string}}
            returns: {items: {type: string}, query-items: {type: string}, returns: {type: string}}
          action: {url: "mail://action", convention: none}
          mail-receiver: {convention: x-callback-url, returns: {x: {type: string}}}
          query:
            url: mail://query
            convention: none
            parameters: {item: {type: string, enum: [a, b]}, kind: {type: string, enum: [allCases, x]}}
          call: {convention: x-callback-url, parameters: {result: {type: string, enum: [ok]}}}
          add-text: {convention: x-callback-url, parameters: {mode: {type: string, enum: [a]}}}
          add_text: {convention: x-callback-url, parameters: {mode: {type: string, enum: [b]}}}
        """

    struct Collision: Sendable, CustomTestStringConvertible {
        let role: GeneratorConfiguration.Role
        let lines: [String]
        var testDescription: String { "\(role.rawValue): \(lines.first ?? "")" }
    }

    static let collisions: [Collision] = [
        // Roundtrip's Reply and Action, and the receiver's own name, stay visible.
        Collision(role: .receiver, lines: ["struct Reply2: Sendable {", "static func success(_ returns: Returns) -> Reply {"]),
        Collision(role: .receiver, lines: ["struct Action2: Sendable {", "static var action: Action { MailReceiver.spec.actions[1] }"]),
        Collision(role: .receiver, lines: ["struct MailReceiver2: Sendable {", "let definitions = MailReceiver.MailReceiver2.action.returns ?? []"]),
        // A parameter named spec keeps its name: the static spec is reached qualified.
        Collision(role: .receiver, lines: ["let spec: String?", "self.spec = try values.value(\"spec\", as: String.self)"]),
        // Returned values named like the locals, and query-items beside queryItems.
        Collision(
            role: .receiver,
            lines: [
                "var queryItems2: String?", "var queryItems: [QueryItem] {", "items += definitions[0].queryItems(for: self.items)",
                "items += definitions[2].queryItems(for: self.returns)",
            ]
        ),
        // CaseIterable's allCases.
        Collision(role: .receiver, lines: ["enum Kind: String, ParameterRepresentable, CaseIterable, Hashable {", "case allCases2 = \"allCases\""]),
        // The spec's names are the argument labels; locals and properties give way.
        Collision(
            role: .caller,
            lines: [
                "action: String? = nil,", "let definition = Self.spec.actions[0]", "items += definition.parameters[1].queryItems(for: caller)",
                "let response = try await self.caller.call(definition.name, to: self.partner, parameters: items, callback: callback, continuation: continuation, signer: signer, ttl: ttl)",
            ]
        ),
        // Roundtrip's QueryItem and CallResult stay visible.
        Collision(role: .caller, lines: ["item: QueryItem2? = nil,", "enum QueryItem2: String, ParameterRepresentable, CaseIterable, Hashable {"]),
        Collision(role: .caller, lines: ["result: CallResult2? = nil,", ") async throws -> CallResult<CallReturns> {"]),
        // A numbered method's types carry its number.
        Collision(role: .caller, lines: ["func addText2(", "mode: AddText2Mode? = nil,", ") async throws -> CallResult<AddText2Returns> {"]),
    ]

    @Test(arguments: collisions)
    func generatedNamesHideNothingTheCodeUses(_ collision: Collision) throws {
        let spec = try SpecLoader.load(yaml: Self.collidingSpec).spec
        let source = SwiftGenerator.generate(spec, configuration: GeneratorConfiguration(role: collision.role), source: "mail.yaml")
        let lines = Set(source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for line in collision.lines {
            #expect(lines.contains(line), "\(line)")
        }
    }

    /// Every type name the committed generated code uses is one it declares or one the
    /// generator reserves, so no generated type can hide it.
    @Test(arguments: GeneratedSources.items + GeneratedSources.sampleApps)
    func everyTypeTheCodeUsesIsReserved(_ item: GeneratedSources.Item) throws {
        let source = try item.generate()
        var declared: Set<String> = []
        var used: Set<String> = []
        for rawLine in source.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("//") else { continue }
            let code = line.replacing(#/"(\\.|[^"\\])*"/#, with: "\"\"")
            for match in code.matches(of: #/(struct|enum) ([A-Za-z0-9_]+)/#) { declared.insert(String(match.output.2)) }
            // A capitalised name not after a dot (a member) or inside another name or backticks.
            for match in (" " + code).matches(of: #/[^.A-Za-z0-9_`]([A-Z][A-Za-z0-9_]*)/#) { used.insert(String(match.output.1)) }
        }
        let unreserved = used.subtracting(declared).subtracting(SwiftGenerator.reservedTypeNames)
        #expect(unreserved.isEmpty, "used but not reserved: \(unreserved.sorted())")
    }

    /// The header's command is the one that generates the same file: every option given, and
    /// a spec path a shell reads back as it is.
    static let headers: [(source: String, configuration: GeneratorConfiguration, command: String)] = [
        ("things.yaml", GeneratorConfiguration(role: .receiver), "roundtrip spec generate things.yaml --role receiver"),
        (
            "things.yaml", GeneratorConfiguration(role: .caller, access: .public, name: "ThingsClient"),
            "roundtrip spec generate things.yaml --role caller --access public --name ThingsClient"
        ),
        (
            "my specs/it's.yaml", GeneratorConfiguration(role: .receiver, access: .package),
            #"roundtrip spec generate 'my specs/it'\''s.yaml' --role receiver --access package"#
        ),
    ]

    @Test(arguments: headers)
    func theHeaderSaysTheExactCommand(_ source: String, _ configuration: GeneratorConfiguration, _ command: String) throws {
        let spec = try SpecLoader.load(yaml: "roundtrip: 1\napp: {name: Things, schemes: [things]}\nactions: {add: {convention: x-callback-url}}\n")
            .spec
        let lines = SwiftGenerator.generate(spec, configuration: configuration, source: source).split(separator: "\n")
        #expect(lines[1] == "// regenerate with `\(command)` or the RoundtripGenerator plugin.")
    }

    @Test(arguments: GeneratorConfiguration.Role.allCases)
    func anActionThatNeverSucceedsHasNoSuccessCallback(_ role: GeneratorConfiguration.Role) throws {
        let spec = try SpecLoader.load(
            yaml: "roundtrip: 1\napp: {name: Things, schemes: [things]}\nactions: {add: {convention: x-callback-url, outcomes: [error]}}\n"
        ).spec
        let source = SwiftGenerator.generate(spec, configuration: GeneratorConfiguration(role: role), source: "things.yaml")
        let expected =
            role == .receiver
            ? "/// The action never answers success (its outcomes are `error`), so there is no success callback and nothing to carry back; ``answer(_:)`` always throws."
            : "/// What `add` would return on success, which it never answers (its outcomes are `error`): there is no success callback."
        #expect(source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.contains(expected))
    }

    @Test("What the spec repeats is made once at launch, and no route is parsed")
    func repeatedValuesAreMadeOnce() throws {
        let spec = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app: {name: Pay, schemes: [pay]}
                actions:
                  charge:
                    url: "pay://charge/:id"
                    convention: return-url
                    response-prefix: p_
                    parameters: {amount: {type: decimal, minimum: 0.01}, memo: {pattern: "[a-z]+"}}
                  refund:
                    url: "pay://refund"
                    convention: return-url
                    response-prefix: p_
                    parameters: {amount: {type: decimal, minimum: 0.01}, memo: {pattern: "[a-z]+", max-length: 9}}

                """
        ).spec
        let source = SwiftGenerator.generate(spec, configuration: GeneratorConfiguration(role: .receiver), source: "pay.yaml")
        func occurrences(_ text: String) -> Int { source.components(separatedBy: text).count - 1 }
        #expect(occurrences(#"ParameterSpec(name: "amount""#) == 1, "one definition, shared by both actions")
        #expect(occurrences(#"ParameterSpec(name: "memo""#) == 2, "the definitions differ")
        #expect(occurrences("try! ValuePattern(") == 1, "the pattern both hold is compiled once")
        #expect(occurrences("RoutePattern(\"") == 0)
        let route =
            #"RoutePattern(text: "pay://charge/:id", scheme: "pay", host: "charge", "#
            + #"hasAuthority: true, segments: [.literal(""), .placeholder("id")])"#
        #expect(occurrences(route) == 1)
    }

    @Test(arguments: GeneratedSources.items + GeneratedSources.sampleApps)
    func theCommittedCodeIsWhatTheGeneratorWritesNow(_ item: GeneratedSources.Item) throws {
        let generated = try item.generate()
        #expect(try item.generate() == generated, "the same spec gives the same bytes")
        let file = item.file
        if ProcessInfo.processInfo.environment["ROUNDTRIP_UPDATE_GENERATED"] == "1" {
            try Data(generated.utf8).write(to: file)
        }
        let committed = String(decoding: FileManager.default.contents(atPath: file.path) ?? Data(), as: UTF8.self)
        #expect(
            committed == generated,
            "\(item.folder)/\(item.fileName) is stale: run ROUNDTRIP_UPDATE_GENERATED=1 swift test --filter GeneratorTests"
        )
    }

    @Test func everySpecIsCovered() {
        let committed = Set((try? FileManager.default.contentsOfDirectory(atPath: GeneratedSources.output.path)) ?? [])
        #expect(committed == Set(GeneratedSources.items.map(\.fileName)), "one generated file per spec and role, and no stale ones")
        #expect(GeneratedSources.specPaths.count >= 9)
    }

    /// Each sample app's `Generated` folder holds exactly the files the generator keeps fresh.
    @Test func everySampleAppFileIsCovered() {
        for folder in Set(GeneratedSources.sampleApps.map(\.folder)) {
            let path = Fixture.repository.appendingPathComponent(folder).path
            let committed = Set((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
            let expected = Set(GeneratedSources.sampleApps.filter { $0.folder == folder }.map(\.fileName))
            #expect(committed == expected, "\(folder): one generated file per app and role, and no stale ones")
        }
    }

    static let hides = ", which the generated type would hide; choose another, such as one that ends in Receiver or Client"
    static let refusedNames: [(name: String, message: String)] = [
        ("my type", "name must be a Swift type name in upper camel case, such as NotesClient, not 'my type'"),
        ("notesClient", "name must be a Swift type name in upper camel case, such as NotesClient, not 'notesClient'"),
        ("Self", "name must be a Swift type name in upper camel case, such as NotesClient, not 'Self'"),
        ("", "name must be a Swift type name in upper camel case, such as NotesClient, not ''"),
        ("Spec", "name 'Spec' is a type the generated code uses" + hides),
        ("Endpoint", "name 'Endpoint' is a type the generated code uses" + hides),
        ("String", "name 'String' is a type the generated code uses" + hides),
        ("Request", "name 'Request' is a type the generated code uses" + hides),
    ]

    @Test(arguments: refusedNames)
    func aNameThatWouldHideATypeIsRefused(_ name: String, _ message: String) {
        #expect(throws: GeneratorError.self) { try GeneratorConfiguration.validateName(name) }
        do {
            try GeneratorConfiguration.validateName(name)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test(arguments: ["NotesClient", "MailReceiver", "Notes2", "SpecClient"])
    func aTypeNameIsAccepted(_ name: String) throws {
        try GeneratorConfiguration.validateName(name)
    }

    @Test func theConfigurationFileIsReadStrictly() throws {
        let configuration = try GeneratorConfiguration(configurationText: "# the notes client\nrole: caller\naccess: public\nname: NotesClient\n")
        #expect(configuration == GeneratorConfiguration(role: .caller, access: .public, name: "NotesClient"))
        for (text, fragment) in [
            ("access: public", "give the 'role'"),
            ("role: server", "role is receiver or caller"),
            ("role: caller\naccess: open", "access is public, package or internal"),
            ("role: caller\nname: notes-client", "roundtrip-generator-config.yaml:2: name must be a Swift type name in upper camel case"),
            ("role: caller\nname: my type", "roundtrip-generator-config.yaml:2: name must be a Swift type name in upper camel case"),
            ("role: caller\nname: Spec", "roundtrip-generator-config.yaml:2: name 'Spec' is a type the generated code uses"),
            ("role: receiver\nname: Endpoint", "roundtrip-generator-config.yaml:2: name 'Endpoint' is a type the generated code uses"),
            ("role: caller\nlanguage: swift", "unknown key 'language'"),
        ] {
            #expect(throws: GeneratorError.self) { try GeneratorConfiguration(configurationText: text) }
            do {
                _ = try GeneratorConfiguration(configurationText: text)
            } catch {
                #expect(error.message.contains(fragment), "\(error.message)")
                #expect((error as any Error).localizedDescription == error.message)
            }
        }
    }
}
