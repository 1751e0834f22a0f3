import ArgumentParser
import Roundtrip

/// `--spec SPEC...`: the specs whose domains a command generates, exports or hosts.
struct SpecsOption: ParsableArguments {
    @Option(name: .customLong("spec"), help: "A spec file; repeat for several apps (and domains).")
    var specs: [String] = []

    /// The specs, loaded, or exit 2.
    func load() throws -> [Spec] {
        try specs.map(SpecInput.load)
    }
}
