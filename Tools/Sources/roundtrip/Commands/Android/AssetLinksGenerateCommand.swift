import ArgumentParser
import Foundation
import RoundtripAndroid

/// `roundtrip assetlinks generate --spec SPEC... [--domain DOMAIN]`
struct AssetLinksGenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Print the assetlinks.json for a domain, built from the Android apps (app.android) of one or more specs.",
        discussion:
            """
            Each spec with an Android app that claims the domain adds one statement per package, \
            granting delegate_permission/common.handle_all_urls (and common.get_login_creds with \
            login-credentials) to its signing certificates, written as 32 uppercase bytes joined \
            by colons. With dynamic-rules, the statements carry rules that allow exactly the \
            spec's https routes on the hosts the file verifies. A wildcard claim (*.example.com) \
            is verified with the root domain's file, so --domain example.com prints the file of \
            every spec claiming either. Exits 2 when a spec is unusable, no spec claims the \
            domain, or the specs claiming it describe no Android app.
            """
    )

    @OptionGroup var specOptions: SpecsOption

    @Option(help: "The domain to generate for; required when the specs claim several.")
    var domain: String?

    func validate() throws {
        guard !specOptions.specs.isEmpty else {
            throw ValidationError("give at least one --spec SPEC")
        }
    }

    func run() async throws {
        let loaded = try specOptions.load()
        let chosen = try SpecsOption.domain(
            domain,
            among: AssetLinksGenerator.hosts(of: loaded),
            whenNone:
                "no spec with an Android app claims a domain; add 'domains: [example.com]' and 'android: {package: …, sha256-cert-fingerprints: […]}' under app:"
        )
        let file: AssetLinksFile
        do {
            file = try AssetLinksGenerator.generate(from: loaded, host: chosen)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        if file.statements.contains(where: { $0.dynamicRules?.isEmpty == true }) {
            FileHandle.standardError.write(
                Data("warning: no action of the specs has an https route on \(chosen); its dynamic rules open no URL\n".utf8)
            )
        }
        FileHandle.standardOutput.write(Data(file.jsonText().utf8))
    }
}
