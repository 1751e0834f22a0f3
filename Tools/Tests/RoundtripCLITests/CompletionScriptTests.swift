import Foundation
import Roundtrip
import RoundtripToolsTestSupport
import Testing

/// `roundtrip --version`, and the shell completion scripts swift-argument-parser writes
/// (`roundtrip --generate-completion-script bash|zsh|fish`), loaded by the real shells and asked
/// to complete real command lines, as the README tells users to install them.
@Suite("CLI: version and shell completion")
struct CompletionScriptTests {
    @Test func versionPrintsTheOneVersionConstant() throws {
        let result = try CommandLineRunner.run(["--version"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == RoundtripVersion.current + "\n")
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func aCompletionScriptIsGeneratedForEachShell(_ shell: String) throws {
        let result = try CommandLineRunner.run(["--generate-completion-script", shell])
        #expect(result.exitCode == 0, "\(result.stderr)")
        // Each script registers itself for the command's name.
        let registration = ["bash": "complete -o filenames -F _roundtrip roundtrip", "zsh": "#compdef roundtrip", "fish": "complete -c 'roundtrip'"]
        #expect(result.stdout.contains(try #require(registration[shell])), "\(result.stdout.prefix(400))")
    }

    /// A command line typed so far and what the shells offer for its last word, sorted. Bash offers
    /// the flags (`--version` among them, on every subcommand) with the words when nothing of the
    /// word is typed yet; zsh lists flags only once the word starts with '-'.
    struct Completion: Sendable, CustomTestStringConvertible {
        let line: String
        let bash: [String]
        let zsh: [String]
        var testDescription: String { "'\(line)'" }
    }

    static let completions: [Completion] = [
        Completion(
            line: "roundtrip ",
            bash: ["--help", "--version", "-h", "aasa", "android", "assetlinks", "audit", "demo", "help", "request", "response", "serve", "spec"],
            zsh: ["aasa", "android", "assetlinks", "audit", "demo", "help", "request", "response", "serve", "spec"]
        ),
        Completion(
            line: "roundtrip aasa ",
            bash: ["--help", "--version", "-h", "check", "export", "generate", "lint", "match"],
            zsh: ["check", "export", "generate", "lint", "match"]
        ),
        Completion(
            line: "roundtrip android ",
            bash: ["--help", "--version", "-h", "manifest", "match"],
            zsh: ["manifest", "match"]
        ),
        Completion(line: "roundtrip sp", bash: ["spec"], zsh: ["spec"]),
        Completion(line: "roundtrip spec lint --", bash: ["--help", "--json", "--version"], zsh: ["--help", "--json", "--version"]),
        Completion(line: "roundtrip request build --sp", bash: ["--spec"], zsh: ["--spec"]),
    ]

    @Test(
        "bash completes the command line",
        .enabled(if: Shell.bash != nil, "bash is not installed here (.ci/run's machine has it)"),
        arguments: completions
    )
    func bashCompletes(_ completion: Completion) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("roundtrip.bash")
        try Self.script(for: "bash").write(to: script, atomically: true, encoding: .utf8)
        // As bash calls a `complete -F` function (the GNU Bash manual, "Programmable Completion"):
        // COMP_LINE, COMP_POINT, COMP_WORDS and COMP_CWORD set, and the command's name, the word
        // being completed and the word before it as arguments.
        let driver = """
            source "$1"
            COMP_LINE="$2"
            read -r -a COMP_WORDS <<< "$COMP_LINE"
            [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_POINT=${#COMP_LINE}
            _roundtrip "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bash = try #require(Shell.bash)
        let result = JSONSchemaValidator.run([bash, "-c", driver, "bash", script.path, completion.line])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.words(result.stdout) == completion.bash, "\(result.stdout)\(result.stderr)")
    }

    @Test(.enabled(if: Shell.zsh != nil, "zsh is not installed here (.ci/run installs it)"))
    func theZshScriptParses() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("_roundtrip")
        try Self.script(for: "zsh").write(to: script, atomically: true, encoding: .utf8)
        let zsh = try #require(Shell.zsh)
        let result = JSONSchemaValidator.run([zsh, "-n", script.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(
        "zsh completes the command line",
        .enabled(if: Shell.zsh != nil, "zsh is not installed here (.ci/run installs it)"),
        arguments: completions
    )
    func zshCompletes(_ completion: Completion) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Installed as the README says: `_roundtrip` in a folder on fpath, found by compinit.
        try Self.script(for: "zsh").write(to: folder.appendingPathComponent("_roundtrip"), atomically: true, encoding: .utf8)
        // zsh's completion functions run only inside the line editor, so an interactive zsh runs in
        // a pseudo-terminal (the zsh/zpty module, "Zsh Modules" in the zsh manual) and is sent the
        // line and a TAB. Its compadd is wrapped to print each completion it is given, and a
        // function run after the completion (comppostfuncs, "Completion System") marks the end.
        let driver = #"""
            zmodload zsh/zpty || exit 3
            # Reads the terminal until a mark, for at most 20 seconds (a blocking read would wait forever).
            out=''
            read_until() {
              local chunk deadline=$(( SECONDS + 20 ))
              until [[ $out == *"$1"* ]]; do
                if zpty -r -t z chunk; then out+=$chunk
                elif (( SECONDS > deadline )); then print -u2 -r -- "no '$1' within 20 s: $out"; exit 4
                else sleep 0.05; fi
              done
            }
            zpty z zsh -f -i
            zpty -w z "fpath=(${1:q} \$fpath); autoload -Uz compinit; compinit -u -D; bindkey -e"
            zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi; typeset -a hits; builtin compadd -A hits "$@"; local h; for h in $hits; do print -r -- "<<$h>>"; done; }'
            zpty -w z '_capture_end() { print -r -- "<<COMPLETION-END>>"; }; _capture_start() { comppostfuncs=(_capture_end); }; compprefuncs=(_capture_start)'
            zpty -w z "print -r SET''UP"
            read_until SETUP
            out=''
            zpty -w -n z "$2"$'\t'
            read_until '<<COMPLETION-END>>'
            print -r -- "$out" | grep -o '<<[^>]*>>' | tr -d '<>' | grep -vx COMPLETION-END
            zpty -d z
            """#
        let zsh = try #require(Shell.zsh)
        let result = JSONSchemaValidator.run([zsh, "-f", "-c", driver, "zsh", folder.path, completion.line])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.words(result.stdout) == completion.zsh, "\(result.stdout)\(result.stderr)")
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func script(for shell: String) throws -> String {
        let result = try CommandLineRunner.run(["--generate-completion-script", shell])
        try #require(result.exitCode == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The distinct non-empty lines of a shell's output, sorted.
    static func words(_ output: String) -> [String] {
        Set(output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }).sorted()
    }
}

/// The shells on this machine (run with ``JSONSchemaValidator/run(_:)``, which runs any program).
enum Shell {
    static let bash = find("bash")
    static let zsh = find("zsh")

    /// The shell's executable on `PATH` (or in /bin and /usr/bin), if installed.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/bin", "/usr/bin"]
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
