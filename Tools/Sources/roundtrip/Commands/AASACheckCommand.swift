import ArgumentParser
import Foundation
import Roundtrip
import RoundtripAASACheck

/// `roundtrip aasa check DOMAIN... [--spec SPEC]... [--app-id ID]... [--json] [--no-cdn]
/// [--ca-file PEM] [--resolve DOMAIN:PORT:ADDRESS]... [--timeout S]`
struct AASACheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check live domains as Apple's CDN fetches their association files, and the copy the CDN gives devices.",
        discussion: """
            For each domain (a wildcard *.example.com is checked at its apex, example.com, as \
            Apple's TN3155 says): https with a valid certificate chain (the system's roots plus \
            --ca-file); /.well-known/apple-app-site-association answered 200 without a redirect (a \
            redirect is an error naming its Location), at most 128 KB (reading stops past it), \
            served as application/json (a note otherwise), valid JSON, and linted as 'aasa lint' \
            does. With --spec, every universal-link route of the specs that this file verifies must \
            open the spec's app; with --app-id, the file must name that app. The file is fetched \
            both as Apple's crawler (User-Agent AASA-Bot/1.0.0) and as a plain client: a 403 to \
            the crawler only is a 'bot-protection' error. Unless --no-cdn, Apple's CDN copy \
            (https://app-site-association.cdn-apple.com/a/v1/DOMAIN; the environment variable \
            ROUNDTRIP_AASA_CDN_URL replaces that base) is fetched and compared: devices read the \
            CDN's copy, not the site.

            --resolve DOMAIN:PORT:ADDRESS connects to ADDRESS:PORT for DOMAIN (curl's --resolve; \
            the port is where the connection goes), while the URL, Host, TLS name and certificate \
            check stay DOMAIN: check a staging server or a new address before DNS points there. \
            Domains are checked 8 at a time, each fetch within --timeout seconds.

            With --json: {"domains": [{"domain", "live", "cdn", "findings"}]}; live and cdn are \
            {"url", "userAgent", "status", "contentType", "location", "bytes", "truncated", \
            "sha256", "error": {"code", "message"}} (live also holds the plain client's under \
            "plain"; cdn is null with --no-cdn); findings are {"severity", "rule", "path", "line", \
            "column", "message"} as 'aasa lint --json' writes them.

            Exits 0 when every domain holds (warnings and notes allowed), 1 when any has an error \
            (an unreachable domain included), 2 for bad usage (a domain, --resolve, --timeout, \
            --ca-file or spec that is not usable).
            """
    )

    @Argument(help: "The domains to check, as the entitlements claim them: example.com, *.example.com.")
    var domains: [String] = []

    @OptionGroup var specOptions: SpecsOption

    @Option(name: .customLong("app-id"), help: "An app ID (TEAMID.bundle.id) every file must name; repeat for several.")
    var appIDs: [String] = []

    @OptionGroup var output: JSONOption

    @Flag(name: .customLong("no-cdn"), help: "Do not fetch Apple's CDN copy.")
    var noCDN = false

    @OptionGroup var live: LiveCheckArguments

    func validate() throws {
        guard !domains.isEmpty else { throw ValidationError("give at least one DOMAIN, for example example.com") }
    }

    func run() async throws {
        let (checked, fetchOptions) = try live.parse(domains: domains)
        var options = fetchOptions
        do throws(LiveCheckError) {
            options.cdnBase = noCDN ? nil : try LiveCheckOptions.cdnBase(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        let specs = try specOptions.load()
        let report = await LiveChecker(options: options, specs: specs, appIDs: appIDs).check(checked)
        if output.json {
            JSONOutput.print(report)
        } else {
            print(report.text)
        }
        if report.hasErrors { throw CommandFailure.rejected() }
    }
}
