import Foundation
import Roundtrip
import RoundtripToolsTestSupport
import Testing

/// The committed JSON Schema against the spec language's registry (``SpecLanguage``): every
/// place's keys, with the registry's descriptions, the registry's limits, and a `type-mismatch`
/// rule in the loader's words for every key that applies to some parameter types only.
@Suite("CLI: spec schema is built from the registry")
struct SpecSchemaRegistryTests {
    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: CommandLineRunner.repositoryRoot.appendingPathComponent(SpecSchemaTests.schemaPath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The schema object that holds a place's keys.
    static func object(of place: SpecPlace, in schema: [String: Any]) throws -> [String: Any] {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let name: String? =
            switch place {
            case .topLevel: nil
            case .app: "app"
            case .android: "android"
            case .sources: "sources"
            case .signingKey: "key"
            case .action: "action"
            case .answers: "answers"
            case .parameter: "parameter"
            case .namedValue: "named-value"
            }
        guard let name else { return schema }
        return try #require(definitions[name] as? [String: Any], "no definition \(name)")
    }

    @Test("each place's keys are the registry's, described as the registry says", arguments: SpecPlace.allCases)
    func placeKeysAreTheRegistrys(_ place: SpecPlace) throws {
        let object = try Self.object(of: place, in: Self.schema())
        let properties = try #require(object["properties"] as? [String: [String: Any]])
        let entries = SpecLanguage.entries(in: place)
        #expect(Set(properties.keys) == Set(entries.map(\.name)))
        for entry in entries {
            #expect(properties[entry.name]?["description"] as? String == entry.summary, "\(place.rawValue): \(entry.name)")
        }
    }

    @Test("select takes at most the loader's number of pairs")
    func selectMaximum() throws {
        let action = try Self.object(of: .action, in: Self.schema())
        let select = try #require((action["properties"] as? [String: [String: Any]])?["select"])
        #expect(select["maxProperties"] as? Int == SpecLanguage.maximumSelectPairs)
    }

    @Test("a key on a type it does not apply to is forbidden in the loader's words")
    func typeRestrictionsUseTheLoadersWords() throws {
        let text = try String(contentsOf: CommandLineRunner.repositoryRoot.appendingPathComponent(SpecSchemaTests.schemaPath), encoding: .utf8)
        for entry in SpecLanguage.entries(in: .parameter) {
            guard case .only(let types, let wording) = entry.types, types != ["secret"] else { continue }
            #expect(text.contains("\"'\(entry.name)' applies to \(wording)\""), "\(entry.name)")
        }
    }
}
