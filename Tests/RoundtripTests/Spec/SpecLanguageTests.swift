import Roundtrip
import RoundtripYAML
import Testing

/// The spec language's registry (``SpecLanguage``) against the loader, through the public API:
/// every place's keys are the keys the loader reads there, a parameter's key used on a type it does
/// not apply to is refused in the registry's words, and `select`'s limit is the loader's.
@Suite("Spec language: the registry is what the loader reads")
struct SpecLanguageTests {
    static let header = "roundtrip: 1\napp: {name: T, schemes: [t]}\n"

    /// A spec with `yaml` written in `place`, and a key that no place has.
    static func spec(withUnknownKeyIn place: SpecPlace) -> String {
        let unknown = "zz-unknown: 1"
        return switch place {
        case .topLevel: header + "actions: {a: {url: \"t://a\", convention: none}}\n" + unknown + "\n"
        case .app: "roundtrip: 1\napp: {name: T, schemes: [t], \(unknown)}\nactions: {a: {url: \"t://a\", convention: none}}\n"
        case .android:
            "roundtrip: 1\napp: {name: T, schemes: [t], android: {package: a.b, sha256-cert-fingerprints: [\(String(repeating: "ab", count: 32))], \(unknown)}}\n"
                + "actions: {a: {url: \"t://a\", convention: none}}\n"
        case .sources: header + "sources: {\(unknown)}\nactions: {a: {url: \"t://a\", convention: none}}\n"
        case .signingKey:
            header + "keys: {k: {algorithm: hmac-sha256, secret-env: K, \(unknown)}}\nactions: {a: {url: \"t://a\", convention: none}}\n"
        case .action: header + "actions: {a: {url: \"t://a\", convention: none, \(unknown)}}\n"
        case .answers: header + "answers: {signatures: off, \(unknown)}\nactions: {a: {url: \"t://a\", convention: none}}\n"
        case .parameter: header + "actions: {a: {url: \"t://a\", convention: none, parameters: {p: {\(unknown)}}}}\n"
        case .namedValue: header + "actions: {a: {url: \"t://a\", convention: none, query-value: {name: q, \(unknown)}}}\n"
        }
    }

    @Test("each place's keys are the ones the loader allows there", arguments: SpecPlace.allCases)
    func placeKeysAreTheLoaders(_ place: SpecPlace) throws {
        let error = try #require(throws: SpecError.self) { try SpecLoader.load(yaml: Self.spec(withUnknownKeyIn: place)) }
        let unknown = try #require(error.diagnostics.first { $0.rule == "unknown-key" }, "\(error.description)")
        let allowed = try #require(unknown.message.components(separatedBy: "allowed here: ").last)
        let names = SpecLanguage.entries(in: place).map(\.name)
        if place == .namedValue {
            // The loader reads a list key on a whole query or fragment to say it is never a list.
            #expect(Set(allowed.components(separatedBy: ", ")).subtracting(names) == ["list", "min-items", "max-items"])
        } else {
            #expect(allowed == names.joined(separator: ", "))
        }
    }

    @Test("a list key on a whole query is refused", arguments: ["list: comma", "min-items: 1", "max-items: 2"])
    func listKeyOnNamedValue(_ yaml: String) throws {
        let spec = Self.header + "actions: {a: {url: \"t://a\", convention: none, query-value: {name: q, \(yaml)}}}\n"
        #expect(throws: SpecError.self) { try SpecLoader.load(yaml: spec) }
    }

    @Test("every entry says what it is, and names are distinct within a place", arguments: SpecPlace.allCases)
    func entriesAreDescribed(_ place: SpecPlace) {
        let entries = SpecLanguage.entries(in: place)
        #expect(!entries.isEmpty)
        #expect(Set(entries.map(\.name)).count == entries.count)
        for entry in entries {
            #expect(!entry.summary.isEmpty, "\(entry.name)")
            #expect(entry.place == place || (place == .namedValue && entry.place == .parameter), "\(entry.name)")
        }
    }

    /// A value the key accepts, so that only the type is wrong.
    static func value(for entry: SpecKeyEntry) -> String {
        switch entry.kind {
        case .flag: "true"
        case .wholeNumber(let least): String(max(least, 1))
        case .number: "1"
        case .environmentName: "TOKEN"
        default: entry.examples.first ?? "x"
        }
    }

    /// The parameter keys that apply to some types only, each with a type it does not apply to.
    static let restricted: [(key: String, type: String, wording: String)] = SpecLanguage.entries(in: .parameter).compactMap { entry in
        guard case .only(let types, let wording) = entry.types,
            let other = SpecLanguage.parameterTypeNames.first(where: { !types.contains($0) && $0 != "secret" })
        else { return nil }
        return (entry.name, other, wording)
    }

    @Test("the restricted keys are found")
    func restrictedKeysAreFound() {
        #expect(Set(Self.restricted.map(\.key)) == ["format", "minimum", "maximum", "multiline", "max-bytes", "secret-env"])
    }

    @Test("a key on a type it does not apply to is refused in the registry's words")
    func keyOnAnotherTypeIsRefused() throws {
        for (key, type, wording) in Self.restricted {
            let entry = try #require(SpecLanguage.entries(in: .parameter).first { $0.name == key })
            let yaml =
                Self.header
                + "actions: {a: {url: \"t://a\", convention: none, parameters: {p: {type: \(type), \(key): \(Self.value(for: entry))}}}}\n"
            let error = try #require(throws: SpecError.self) { try SpecLoader.load(yaml: yaml) }
            let article = type == "integer" ? "an" : "a"
            #expect(
                error.diagnostics.contains {
                    $0.rule == "type-mismatch" && $0.keyPath == "actions.a.parameters.p.\(key)"
                        && $0.message == "'\(key)' applies to \(wording), not to \(article) \(type) parameter"
                },
                "\(key) on \(type): \(error.description)"
            )
        }
    }

    @Test("select takes the registry's maximum of pairs, and no more")
    func selectMaximum() throws {
        let most = SpecLanguage.maximumSelectPairs
        func yaml(pairs: Int) -> String {
            let select = (0..<pairs).map { "s\($0): v" }.joined(separator: ", ")
            return Self.header + "actions: {a: {url: \"t://a\", convention: none, select: {\(select)}}}\n"
        }
        #expect(most == 4)
        _ = try SpecLoader.load(yaml: yaml(pairs: most))
        let error = try #require(throws: SpecError.self) { try SpecLoader.load(yaml: yaml(pairs: most + 1)) }
        #expect(error.diagnostics.contains { $0.rule == "invalid-value" && $0.message.contains("at most \(most)") }, "\(error.description)")
    }

    @Test("the least whole numbers are the loader's", arguments: [("max-bytes", "base64"), ("max-items", "string")])
    func leastWholeNumbers(_ key: String, _ type: String) throws {
        let entry = try #require(SpecLanguage.entries(in: .parameter).first { $0.name == key })
        guard case .wholeNumber(let least) = entry.kind else {
            Issue.record("\(key) is not a whole number")
            return
        }
        let list = key == "max-items" ? ", list: comma" : ""
        func yaml(_ value: Int) -> String {
            Self.header + "actions: {a: {url: \"t://a\", convention: none, parameters: {p: {type: \(type)\(list), \(key): \(value)}}}}\n"
        }
        _ = try SpecLoader.load(yaml: yaml(least))
        let error = try #require(throws: SpecError.self) { try SpecLoader.load(yaml: yaml(least - 1)) }
        #expect(error.diagnostics.contains { $0.keyPath == "actions.a.parameters.p.\(key)" }, "\(error.description)")
    }
}
