import Roundtrip
import RoundtripYAML
import Testing

/// The error a spec must fail to load with: loads `yaml` and returns the diagnostic of `rule` at
/// `path`, recording an issue when the spec loads or the diagnostic is missing or not an error.
func specLoadError(_ yaml: String, rule: String, path: String, sourceLocation: SourceLocation = #_sourceLocation) -> SpecDiagnostic? {
    do {
        _ = try SpecLoader.load(yaml: yaml, file: "test.yaml")
        Issue.record("loaded an invalid spec", sourceLocation: sourceLocation)
        return nil
    } catch {
        let found = error.diagnostics.first { $0.rule == rule && $0.keyPath == path }
        #expect(found != nil, "diagnostics were: \(error.diagnostics)", sourceLocation: sourceLocation)
        #expect(found == nil || found?.severity == .error, sourceLocation: sourceLocation)
        return found
    }
}
