import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// The spec a receiver or client holds as code is the spec its file describes: every action,
/// route, convention and parameter definition, compared through the spec's own keys.
@Suite("Generated code: the compiled spec equals the loaded one")
struct CompiledSpecTests {

    static let compiled: [(file: String, spec: Spec)] = [
        ("Examples/bear.yaml", ExampleBearReceiver.spec), ("Examples/bear.yaml", ExampleBearClient.spec),
        ("Examples/card-terminal.yaml", ExampleCardTerminalReceiver.spec), ("Examples/drafts.yaml", ExampleDraftsReceiver.spec),
        ("Examples/things.yaml", ExampleThingsReceiver.spec), ("Tests/Fixtures/specs/inap.yaml", FixtureInapReceiver.spec),
        ("Tests/Fixtures/specs/notes.yaml", FixtureNotesReceiver.spec), ("Tests/Fixtures/specs/notes-app.yaml", FixtureNotesAppClient.spec),
        ("Tests/Fixtures/specs/rich.yaml", FixtureRichReceiver.spec), ("Tests/Fixtures/specs/terminal.yaml", FixtureTerminalClient.spec),
        ("Tests/Fixtures/specs/paths-and-hosts.yaml", FixturePathsAndHostsReceiver.spec),
        ("Tests/Fixtures/specs/rides.yaml", FixtureRidesReceiver.spec), ("Tests/Fixtures/specs/rides.yaml", FixtureRidesClient.spec),
    ]

    /// Everything the decision depends on, written out.
    static func summary(_ spec: Spec) -> [String] {
        var lines = [
            "app \(spec.app.name) \(spec.app.appID ?? "-") \(spec.app.schemes) \(spec.app.domains)",
            "callbacks \(spec.callbacks?.map(\.description) ?? [])", "sources \(spec.sources)", "signatures \(spec.signatures)",
            "keys \(spec.keys)", "encoding \(spec.queryEncoding)", "allow-schemes \(spec.allowSchemes)",
        ]
        for action in spec.actions {
            lines.append(
                "action \(action.name) \(action.routes.map(\.text)) \(action.convention) \(action.returnParameter) \(action.responsePrefix) "
                    + "\(action.outcomes) \(action.unknownParameters) \(action.sources) \(action.signatures) \(action.queryEncoding)"
            )
            lines.append("parameters " + ParameterDefinition.json(action.parameters))
            lines.append("query-value " + ParameterDefinition.json([action.queryValue, action.fragment].compactMap { $0 }))
            lines.append("returns " + (action.returns.map(ParameterDefinition.json) ?? "none"))
            lines.append("select \(action.select) required-callbacks \(action.requiredCallbacks) requires-one-of \(action.requiresOneOf)")
            lines.append("allow-schemes \(action.allowSchemes.map { "\($0)" } ?? "the app's")")
        }
        return lines
    }

    @Test(arguments: compiled.indices)
    func theCompiledSpecIsTheFilesSpec(_ index: Int) throws {
        let (file, compiled) = Self.compiled[index]
        let loaded = try SpecLoader.load(contentsOf: Fixture.repository.appendingPathComponent(file).path).spec
        #expect(Self.summary(compiled) == Self.summary(loaded), "\(file)")
        // Routes are written as their parts (scheme, host, segments), not parsed at launch.
        #expect(compiled.actions.map(\.routes) == loaded.actions.map(\.routes), "\(file)")
    }
}
