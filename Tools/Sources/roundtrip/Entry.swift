import ArgumentParser
import Foundation
import Roundtrip

/// The `roundtrip` executable: parses the command line and maps outcomes to the project's exit
/// codes: 0 success or accept, 1 a reject or an error finding, 2 bad usage or unreadable input.
@main
enum Entry {
    static func main() async {
        do {
            var command = try RoundtripCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            if !failure.message.isEmpty {
                FileHandle.standardError.write(Data((failure.message + "\n").utf8))
            }
            exit(failure.exitCode)
        } catch {
            let code = RoundtripCommand.exitCode(for: error)
            if code == .success {
                RoundtripCommand.exit(withError: error)
            }
            // ArgumentParser reports usage problems as 64 (EX_USAGE); the contract says 2.
            FileHandle.standardError.write(Data((RoundtripCommand.fullMessage(for: error) + "\n").utf8))
            exit(2)
        }
    }
}

/// The root command. `--version` prints ``RoundtripVersion/current``, and
/// `--generate-completion-script bash|zsh|fish` the shell's completion script (swift-argument-parser's).
struct RoundtripCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundtrip",
        abstract: "Safe two-way app-to-app calls over URLs: go somewhere, do something, come back.",
        discussion: """
            Exit codes: 0 success or accepted; 1 rejected, or a finding of severity error; \
            2 bad usage, or an unreadable or invalid input file.
            """,
        version: RoundtripVersion.current,
        subcommands: [
            SpecCommand.self, RequestCommand.self, ResponseCommand.self, AASACommand.self, AssetLinksCommand.self, AndroidCommand.self,
            AuditCommand.self, DemoCommand.self, ServeCommand.self,
        ]
    )
}
