import ArgumentParser

/// `roundtrip spec schema`
struct SpecSchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of spec files, so that editors validate and complete them.",
        discussion: """
            Prints JSON Schema (draft 2020-12) describing every key of a spec file, its values and the \
            combinations the loader refuses. Save it beside your specs and point the YAML language \
            server (VS Code and other editors) at it from the spec's first line:

              roundtrip spec schema > roundtrip-spec.schema.json
              # yaml-language-server: $schema=./roundtrip-spec.schema.json

            `roundtrip spec lint` stays the authority: it also checks what a schema cannot (routes, \
            patterns and date formats that parse, defaults against their constraints, duplicate routes).
            """
    )

    func run() async throws {
        print(SpecSchema.text, terminator: "")
    }
}
