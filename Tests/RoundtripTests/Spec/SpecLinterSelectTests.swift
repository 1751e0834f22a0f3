import Roundtrip
import RoundtripYAML
import Testing

/// Findings about actions that share a route by `select`: a fallback that would swallow a
/// mistyped select value, and values that differ only in case.
@Suite("Spec lint: findings about select")
struct SpecLinterSelectTests {
    static func findings(_ actions: String) throws -> [SpecDiagnostic] {
        let yaml = """
            roundtrip: 1
            app: {name: Rides, schemes: [rides]}
            actions:
            \(actions)
            """
        return try SpecLoader.load(yaml: yaml).diagnostics.filter { $0.rule.hasPrefix("select-") }
    }

    @Test func aFallbackThatIgnoresUndeclaredParametersIsAWarning() throws {
        let found = try Self.findings(
            """
              set-pickup: {url: 'rides://', convention: none, select: {action: setPickup}}
              open: {url: 'rides://', convention: none, unknown-parameters: ignore}
            """
        )
        #expect(found.map(\.rule) == ["select-fallback-swallows"])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.keyPath == "actions.open.unknown-parameters")
        #expect(
            found.first?.message
                == "'open' is the action without 'select' at 'rides://' and has 'unknown-parameters: ignore', so a request with a mistyped select value (such as action=…) reaches it instead of being refused; keep 'unknown-parameters: reject' on it"
        )
    }

    @Test func aFallbackThatDeclaresASelectNameIsAWarning() throws {
        let found = try Self.findings(
            """
              set-pickup: {url: 'rides://', convention: none, select: {action: setPickup}}
              open: {url: 'rides://', convention: none, parameters: {action: {type: string}}}
            """
        )
        #expect(found.map(\.rule) == ["select-fallback-parameter"])
        #expect(found.first?.keyPath == "actions.open.parameters.action")
    }

    @Test func valuesThatDifferOnlyInCaseAreAWarning() throws {
        let found = try Self.findings(
            """
              set-pickup: {url: 'rides://', convention: none, select: {action: setPickup}}
              other: {url: 'rides://', convention: none, select: {action: SetPickup}}
            """
        )
        #expect(found.map(\.rule) == ["select-case"])
        #expect(found.first?.keyPath == "actions.other.select.action")
        #expect(
            found.first?.message
                == "'other' selects action=SetPickup and 'set-pickup' selects action=setPickup at 'rides://': select values match exactly, so values that differ only in letter case are easily confused by callers; make them differ in more than case"
        )
    }

    @Test func distinctValuesAndARejectingFallbackAreClean() throws {
        let found = try Self.findings(
            """
              set-pickup: {url: 'rides://', convention: none, select: {action: setPickup}}
              set-dropoff: {url: 'rides://', convention: none, select: {action: setDropoff}}
              open: {url: 'rides://', convention: none, parameters: {ref: {type: string}}}
            """
        )
        #expect(found.isEmpty)
    }
}
