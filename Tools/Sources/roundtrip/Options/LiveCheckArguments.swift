import ArgumentParser
import RoundtripAASACheck

/// The fetch options of every live check (`aasa check`, `assetlinks check`): `--ca-file`,
/// `--resolve` and `--timeout`, read into the one fetch engine's ``LiveCheckOptions``.
struct LiveCheckArguments: ParsableArguments {
    @Option(name: .customLong("ca-file"), help: "PEM certificates to trust besides the system's roots (a staging CA).")
    var caFile: String?

    @Option(name: .customLong("resolve"), help: "DOMAIN:PORT:ADDRESS: connect there for DOMAIN, the certificate still checked for DOMAIN.")
    var resolves: [String] = []

    @Option(help: "Seconds each fetch may take.")
    var timeout = "10"

    /// The domains to check and the options to fetch them with.
    ///
    /// - Throws: ``CommandFailure/usage(_:)`` (exit 2) for a domain, `--resolve` entry,
    ///   `--timeout` or `--ca-file` that is not usable.
    func parse(domains: [String]) throws -> (domains: [CheckedDomain], options: LiveCheckOptions) {
        do throws(LiveCheckError) {
            return try LiveCheckOptions.parse(domains: domains, resolves: resolves, timeout: timeout, caFile: caFile)
        } catch {
            throw CommandFailure.usage(error.message)
        }
    }
}
