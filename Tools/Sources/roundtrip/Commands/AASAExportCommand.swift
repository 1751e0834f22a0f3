import ArgumentParser
import Foundation
import RoundtripServer

/// `roundtrip aasa export --spec SPEC... --output DIR`
struct AASAExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the association file of every domain the specs claim, for another web server or a CDN.",
        discussion: """
            Writes DIR/<domain>/.well-known/apple-app-site-association and the same bytes at \
            DIR/<domain>/apple-app-site-association: exactly what 'roundtrip serve' hosts. A wildcard \
            claim (*.example.com) is verified with the apex's file (Apple's TN3155), so it is written \
            to DIR/example.com/, together with the details of every spec claiming example.com; a \
            subdomain claimed on its own gets its own folder. Serve each file over https with \
            Content-Type application/json, status 200 and no redirect (Apple's CDN follows none); \
            the README has nginx and CDN examples. For the specs that describe an Android app \
            (app.android), it also writes DIR/<host>/.well-known/assetlinks.json, the file \
            'roundtrip assetlinks generate' prints. A spec with an Android app and no app-id is an \
            Android-only app: its hosts get the assetlinks.json and no association file. Prints one \
            line per file written.

            Exits 0 when written, 2 when a spec is unusable or has neither an app-id nor an Android \
            app, when no spec claims a domain, or when DIR cannot be written.
            """
    )

    @OptionGroup var specOptions: SpecsOption

    @Option(help: "The folder to write into (created when missing).")
    var output: String

    /// The two paths Apple fetches, relative to a domain's folder.
    static let paths = [".well-known/apple-app-site-association", "apple-app-site-association"]

    func validate() throws {
        guard !specOptions.specs.isEmpty else {
            throw ValidationError("give at least one --spec SPEC")
        }
    }

    func run() async throws {
        let specs = try specOptions.load()
        let catalog: AssociationCatalog
        do {
            catalog = try AssociationCatalog(specs: specs)
        } catch {
            throw CommandFailure.usage(error.description)
        }
        guard !catalog.files.isEmpty || !catalog.assetLinksFiles.isEmpty else {
            throw CommandFailure.usage("no spec claims a domain; add 'domains: [example.com]' under app: in the spec")
        }
        let root = URL(fileURLWithPath: output, isDirectory: true)
        for file in catalog.files {
            for path in Self.paths {
                try Self.write(file, to: root.appendingPathComponent(file.domain, isDirectory: true).appendingPathComponent(path), tagged: true)
            }
        }
        // Android's App Links verifier fetches https://<host>/.well-known/assetlinks.json
        // ("Verify Android App Links"), for the specs that describe an Android app.
        for file in catalog.assetLinksFiles {
            try Self.write(
                file,
                to: root.appendingPathComponent(file.domain, isDirectory: true).appendingPathComponent(Self.assetLinksPath),
                tagged: false
            )
        }
    }

    /// Writes a hosted file's bytes and prints one line saying so.
    private static func write(_ file: HostedAssociationFile, to url: URL, tagged: Bool) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url, options: .atomic)
        } catch {
            throw CommandFailure.usage("cannot write \(url.path): \(error.localizedDescription)")
        }
        let tag = tagged ? ", ETag \(file.entityTag)" : ""
        let serves = file.claims == [file.domain] ? "" : ", for \(file.claims.joined(separator: " and "))"
        print("wrote \(url.path) (\(file.bytes.count) bytes\(tag)\(serves))")
    }

    /// Where Android fetches the Digital Asset Links file, relative to a host's folder.
    static let assetLinksPath = ".well-known/assetlinks.json"
}
