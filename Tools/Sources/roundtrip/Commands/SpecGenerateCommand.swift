import ArgumentParser
import Foundation
import Roundtrip
import RoundtripGeneration

/// `roundtrip spec generate SPEC --role receiver|caller [--access …] [--name …] [--output FILE]`
struct SpecGenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift from a spec: the receiving app's typed requests, or a caller's typed client.",
        discussion: """
            receiver: the spec compiled into code (the app parses no spec text at launch), an enum of \
            the incoming requests, a typed value and a typed answer per action. caller: a client with \
            one method per action, built on Caller and its ledger, returning the typed returns.

            The RoundtripGenerator build plugin runs the same generator at build time for a target \
            holding roundtrip.yaml and roundtrip-generator-config.yaml (role, access, name). Exits 2 \
            when the spec does not load, with the loader's errors, or when --name is not a Swift \
            type name in upper camel case or is a type the generated code uses (Spec, Endpoint, \
            String…), which it would hide.
            """
    )

    @Argument(help: "The spec file (YAML or JSON).")
    var spec: String

    @Option(help: "receiver (the app that exposes the actions) or caller (an app that calls them).")
    var role: GeneratorConfiguration.Role

    @Option(help: "The access level of the generated declarations: public, package or internal.")
    var access: GeneratorConfiguration.AccessLevel = .internal

    @Option(help: "The generated type's name, in upper camel case (default: the app's name followed by Receiver or Client).")
    var name: String?

    @Option(help: "Write the Swift source to this file instead of standard output.")
    var output: String?

    func validate() throws {
        guard let name else { return }
        do {
            // The configuration file's rule, so both refuse the same names.
            try GeneratorConfiguration.validateName(name)
        } catch {
            throw ValidationError("--name: \(error.message)")
        }
    }

    func run() async throws {
        let loaded = try SpecInput.load(spec)
        let source = SwiftGenerator.generate(
            loaded,
            configuration: GeneratorConfiguration(role: role, access: access, name: name),
            source: URL(fileURLWithPath: spec).lastPathComponent
        )
        guard let output else {
            print(source, terminator: "")
            return
        }
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            throw CommandFailure.usage("cannot write \(output): \(error.localizedDescription)")
        }
    }
}

extension GeneratorConfiguration.Role: @retroactive ExpressibleByArgument {}
extension GeneratorConfiguration.AccessLevel: @retroactive ExpressibleByArgument {}
