import ArgumentParser
import Foundation
import RoundtripAASACheck

/// `roundtrip assetlinks check DOMAIN... [--spec SPEC]... [--package P]... [--json] [--ca-file PEM]
/// [--resolve DOMAIN:PORT:ADDRESS]... [--timeout S]`
struct AssetLinksCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check live hosts as Android's App Links verifier fetches their assetlinks.json.",
        discussion: """
            For each host (a wildcard *.example.com is checked at example.com, whose file Android \
            reads for it, as "Verify Android App Links" says): https with a valid certificate chain \
            (the system's roots plus --ca-file); /.well-known/assetlinks.json answered 200 without \
            a redirect (Android follows none: 'redirect'; any other status: 'rejected'; no answer in \
            time: 'timeout'), served as application/json, at most 1 MiB, and linted as Android reads \
            it. With --spec, every package of the specs' app.android must be verified by every host: \
            a statement granting delegate_permission/common.handle_all_urls to the package with one \
            of the spec's sha256-cert-fingerprints; --package adds a package (any certificate). \
            Each host's result is 'verified' or the first failure, in those words.

            --resolve, --ca-file and --timeout work as for 'aasa check', on the same fetch engine; \
            hosts are checked 8 at a time.

            With --json: {"domains": [{"domain", "live", "findings", "packages": [{"package", \
            "verified"}]}]}; live is {"url", "userAgent", "status", "contentType", "location", \
            "bytes", "truncated", "sha256", "error": {"code", "message"}}; findings are {"severity", \
            "rule", "path", "line", "column", "message"}.

            Exits 0 when every host verifies every package (warnings and notes allowed), 1 when any \
            has an error, 2 for bad usage.
            """
    )

    @Argument(help: "The hosts to check, as the intent filters name them: example.com, *.example.com.")
    var domains: [String] = []

    @OptionGroup var specOptions: SpecsOption

    @Option(name: .customLong("package"), help: "A package name (applicationId) every host must verify; repeat for several.")
    var packages: [String] = []

    @OptionGroup var output: JSONOption

    @OptionGroup var live: LiveCheckArguments

    func validate() throws {
        guard !domains.isEmpty else { throw ValidationError("give at least one DOMAIN, for example example.com") }
    }

    func run() async throws {
        let (checked, fetchOptions) = try live.parse(domains: domains)
        var options = fetchOptions
        options.cdnBase = nil
        let apps = AssetLinksChecker.apps(specs: try specOptions.load(), packages: packages)
        let report = await AssetLinksChecker(options: options, apps: apps).check(checked)
        if output.json {
            JSONOutput.print(report)
        } else {
            print(report.text)
        }
        if report.hasErrors { throw CommandFailure.rejected() }
    }
}
