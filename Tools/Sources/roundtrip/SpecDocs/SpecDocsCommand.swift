import ArgumentParser
import Foundation
import Roundtrip

/// `roundtrip spec docs SPEC [--format markdown|html] [--output FILE]`
struct SpecDocsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Write the reference a partner app's developer reads: every action, with an example request and answer.",
        discussion: """
            For each action: its routes, convention and what it asks of the caller, outcomes, \
            parameters with their types and rules, what the success answer returns, its security \
            (signatures, keys, sources, secrets, callback policy), and an example request URL and \
            answer built from the spec. The app accepts each example ('request handle') once \
            what a note under it names is supplied: a secret, whose value reads <secret from VAR>; \
            a signature, for an action that requires one; a source application (--source), for \
            an action whose sources allow only some apps or refuse an unreported source.

            --format html writes one self-contained page (no script, no external request) that \
            reads on a phone and a desktop, in light or dark mode; markdown (the default, or \
            html when --output ends in .html) is GitHub-flavoured.

            Exits 0 when written, 2 when the spec cannot be read or loaded (with the loader's \
            errors) or the output cannot be written.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown
        case html
    }

    @Argument(help: "The spec file (YAML or JSON).")
    var spec: String

    @Option(help: "markdown or html (default: html for an --output ending in .html or .htm, else markdown).")
    var format: Format?

    @Option(help: "The file to write; standard output by default.")
    var output: String?

    func run() async throws {
        let loaded = try SpecInput.load(spec)
        let document = DocsRenderer(spec: loaded, source: URL(fileURLWithPath: spec).lastPathComponent).document()
        let text =
            switch format ?? Self.format(forOutput: output) {
            case .markdown: MarkdownFormatter().format(document)
            case .html: HTMLFormatter().format(document)
            }
        guard let output else {
            print(text, terminator: "")
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CommandFailure.usage("cannot write \(output): \(error.localizedDescription)")
        }
    }

    /// html for a file named `.html` or `.htm`, markdown otherwise.
    static func format(forOutput output: String?) -> Format {
        let suffix = output.map { URL(fileURLWithPath: $0).pathExtension.lowercased() }
        return suffix == "html" || suffix == "htm" ? .html : .markdown
    }
}
