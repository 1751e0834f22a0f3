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

    /// The domain a command generates for: `requested`, or the specs' only one; exit 2 when they
    /// claim none (`whenNone` says what to add) or several (the user chooses with `--domain`).
    static func domain(_ requested: String?, among domains: [String], whenNone: String) throws -> String {
        if let requested { return requested }
        if domains.count == 1, let only = domains.first { return only }
        if domains.isEmpty { throw CommandFailure.usage(whenNone) }
        throw CommandFailure.usage("the specs claim several domains (\(domains.joined(separator: ", "))); choose one with --domain")
    }
}
