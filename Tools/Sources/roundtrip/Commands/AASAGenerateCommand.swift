import ArgumentParser
import Foundation
import RoundtripAssociatedDomains

/// `roundtrip aasa generate --spec SPEC... [--domain DOMAIN]`
struct AASAGenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Print the association file for a domain, built from the universal-link routes of one or more specs.",
        discussion:
            """
            Each spec that claims the domain becomes one detail with its app-id; a spec declaring \
            webcredentials or app-clip adds that service. A wildcard claim (*.example.com) is \
            verified with the apex's file (Apple's TN3155), so --domain example.com (or \
            *.example.com) prints the file of every spec claiming either. Exits 2 when a spec is \
            unusable, lacks an app-id, or the domain is ambiguous or unclaimed.
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
            among: AssociationGenerator.domains(of: loaded),
            whenNone: "no spec claims a domain; add 'domains: [example.com]' under app: in the spec"
        )
        let file: AssociationFile
        do {
            file = try AssociationGenerator.generate(from: loaded, domain: chosen)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        if file.applinks?.details.isEmpty ?? (file.webcredentials == nil && file.appclips == nil) {
            FileHandle.standardError.write(Data("warning: no action of the specs has an https route on \(chosen); the file claims no URL\n".utf8))
        }
        print(file.jsonText())
    }
}
