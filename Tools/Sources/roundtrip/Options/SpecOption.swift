import ArgumentParser
import Roundtrip

/// `--spec SPEC`: the one spec file a command decides or builds with.
struct SpecOption: ParsableArguments {
    @Option(help: "The spec file (YAML or JSON): the receiving app's, or the partner's when building a request.")
    var spec: String

    /// The spec as an endpoint, or exit 2.
    func endpoint() throws -> Endpoint {
        try SpecInput.endpoint(spec)
    }
}
