import ArgumentParser

/// `roundtrip assetlinks …`
struct AssetLinksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetlinks",
        abstract: "Check live Digital Asset Links files (assetlinks.json) as Android's App Links verifier reads them.",
        subcommands: [AssetLinksCheckCommand.self]
    )
}
