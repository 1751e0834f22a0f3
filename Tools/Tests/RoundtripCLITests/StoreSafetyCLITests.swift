import Foundation
import RoundtripToolsTestSupport
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The state folders of `request handle --state` and of the ledger commands, end to end through
/// the binary: one admission per `rt-id` however many commands run at once, and folders that
/// others could tamper with refused, exit 2, with the storage error's code.
@Suite("CLI: state and ledger folders")
struct StoreSafetyCLITests {
    static let secret = "s3cret-for-tests"
    static let environment = ["ROUNDTRIP_TEST_SECRET": secret]
    let rich = CommandLineRunner.fixture("specs/rich.yaml")
    let terminal = CommandLineRunner.fixture("specs/terminal.yaml")

    func temporaryDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-cli-store-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `rich.yaml`'s `pay`, signed with key `pos-2026` at rt-ts 1800000000 and rt-id `id`.
    func signed(_ id: String) -> String {
        let unsigned = "https://notes.example.com/pay?amount=12.50&returnURL=otherapp%3A%2F%2Fpaid&rt-kid=pos-2026&rt-ts=1800000000&rt-id=\(id)"
        return unsigned + "&rt-sig=" + SignatureFixture.hmacSHA256(unsigned, secret: Self.secret)
    }

    func handleArguments(_ url: String, state: String, json: Bool = true) -> [String] {
        ["request", "handle", "--spec", rich, url, "--state", state, "--now", "1800000010"] + (json ? ["--json"] : [])
    }

    /// Starts every command before waiting for any, and returns their exit codes in order.
    func runAtOnce(_ runs: [[String]]) throws -> [Int32] {
        let processes = try runs.map { arguments in
            let process = Process()
            process.executableURL = CommandLineRunner.binary
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(Self.environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        return processes.map { process in
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    static func unsafeReason(_ folder: String) -> String {
        "cannot use folder \(folder): its group and every other user may write in it (mode 777), so they could plant, replace or remove the store's files; a store's folder must be writable by its owner alone: run chmod go-w on it"
    }

    /// The one JSON object `--json` prints for an unsafe folder.
    static func unsafeJSON(_ folder: String) -> String {
        "{\"accepted\":false,\"error\":{\"code\":\"unsafe-folder\",\"message\":\"\(unsafeReason(folder))\"}}\n"
    }

    @Test func twentyCommandsHandlingOneRequestAtOnceAcceptItOnce() throws {
        let state = temporaryDirectory() + "/state"
        let codes = try runAtOnce(Array(repeating: handleArguments(signed("cli-twenty"), state: state), count: 20))
        #expect(codes.filter { $0 == 0 }.count == 1, "\(codes)")
        #expect(codes.filter { $0 == 1 }.count == 19, "\(codes)")
    }

    @Test func twelveRequestsAtOnceAreEachAcceptedOnceThenRefused() throws {
        let state = temporaryDirectory() + "/state"
        let urls = (0..<12).map { signed("cli-twelve-\($0)") }
        #expect(try runAtOnce(urls.map { handleArguments($0, state: state) }) == Array(repeating: 0, count: 12))
        for url in urls {
            let replay = try CommandLineRunner.run(handleArguments(url, state: state), environment: Self.environment)
            #expect(replay.exitCode == 1)
            #expect((replay.json?["error"] as? [String: Any])?["code"] as? String == "replayed")
        }
    }

    @Test func aStateFolderOthersMayWriteInIsExitTwoWithItsCode() throws {
        let state = temporaryDirectory()
        #expect(chmod(state, 0o777) == 0)
        let json = try CommandLineRunner.run(handleArguments(signed("cli-unsafe"), state: state), environment: Self.environment)
        #expect(json.exitCode == 2)
        #expect(json.stderr.isEmpty, "\(json.stderr)")
        #expect(json.stdout == Self.unsafeJSON(state))

        let text = try CommandLineRunner.run(handleArguments(signed("cli-unsafe"), state: state, json: false), environment: Self.environment)
        #expect(text.exitCode == 2)
        #expect(text.stdout.isEmpty)
        #expect(text.stderr == "error: the replay state folder \(state) is unusable: \(Self.unsafeReason(state))\n")
        // Refused before anything was read or created in it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: state).isEmpty)
    }

    @Test func aDamagedReplayStoreIsExitTwoNotAReplay() throws {
        let state = temporaryDirectory()
        try Data("[1,2".utf8).write(to: URL(fileURLWithPath: state + "/replay.json"))
        let run = try CommandLineRunner.run(handleArguments(signed("cli-damaged"), state: state), environment: Self.environment)
        #expect(run.exitCode == 2)
        let error = try #require(run.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "damaged")
        #expect((error["message"] as? String)?.hasPrefix("cannot decode \(state)/replay.json: the replay store is not a JSON object") == true)
    }

    func buildCharge(ledger: String) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run([
            "request", "build", "--spec", terminal, "--action", "charge", "--param", "amount=12.50", "--callback",
            "my-return-url://?record_id=123", "--ledger", ledger, "--now", "1800000000",
        ])
    }

    @Test func aLedgerFolderOthersMayWriteInIsRefusedByBuildAndAccept() throws {
        let ledger = temporaryDirectory()
        let built = try buildCharge(ledger: ledger)
        #expect(built.exitCode == 0, "\(built.stderr)")
        let request = built.stdout.trimmingCharacters(in: .newlines)
        let callback = try CommandLineRunner.run([
            "response", "build", "--spec", terminal, "--request", request, "--outcome", "approved", "--now", "1800000000",
        ]).stdout.trimmingCharacters(in: .newlines)
        #expect(chmod(ledger, 0o777) == 0)

        let refusedBuild = try buildCharge(ledger: ledger)
        #expect(refusedBuild.exitCode == 2)
        #expect(refusedBuild.stderr == "error: cannot record the request in the ledger: \(Self.unsafeReason(ledger))\n")

        let json = try CommandLineRunner.run(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000010"])
        #expect(json.exitCode == 2)
        #expect(json.stdout == Self.unsafeJSON(ledger))
        let text = try CommandLineRunner.run(["response", "accept", "--ledger", ledger, callback, "--now", "1800000010"])
        #expect(text.exitCode == 2)
        #expect(text.stderr == "error: the ledger \(ledger) is unusable: \(Self.unsafeReason(ledger))\n")

        // Made safe again, the request is still pending: nothing was consumed.
        #expect(chmod(ledger, 0o700) == 0)
        let accepted = try CommandLineRunner.run(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000010"])
        #expect(accepted.exitCode == 0, "\(accepted.stdout)\(accepted.stderr)")
    }

    /// A ledger folder put back from a copy taken before a callback was accepted would accept
    /// that callback again; with `--generation-file` outside the folder it is refused.
    @Test func aLedgerFolderPutBackIsRefusedWithAGenerationFile() throws {
        let base = temporaryDirectory()
        let ledger = base + "/ledger"
        let generation = base + "/generation/ledger.generation"
        let built = try CommandLineRunner.run([
            "request", "build", "--spec", terminal, "--action", "charge", "--param", "amount=12.50", "--callback",
            "my-return-url://?record_id=123", "--ledger", ledger, "--generation-file", generation, "--now", "1800000000",
        ])
        #expect(built.exitCode == 0, "\(built.stderr)")
        #expect(try String(contentsOfFile: generation, encoding: .utf8) == "1\n")
        let callback = try CommandLineRunner.run([
            "response", "build", "--spec", terminal, "--request", built.stdout.trimmingCharacters(in: .newlines), "--outcome", "approved",
            "--now", "1800000000",
        ]).stdout.trimmingCharacters(in: .newlines)
        let copy = base + "/copy"
        try FileManager.default.copyItem(atPath: ledger, toPath: copy)
        let accept = ["response", "accept", "--ledger", ledger, "--generation-file", generation, callback, "--json", "--now", "1800000010"]
        let accepted = try CommandLineRunner.run(accept)
        #expect(accepted.exitCode == 0, "\(accepted.stdout)\(accepted.stderr)")
        #expect(try String(contentsOfFile: generation, encoding: .utf8) == "2\n")

        // The copy taken before the answer, put back: the pending request would be accepted again.
        try FileManager.default.removeItem(atPath: ledger)
        try FileManager.default.copyItem(atPath: copy, toPath: ledger)
        let refused = try CommandLineRunner.run(accept)
        #expect(refused.exitCode == 2)
        let error = try #require(refused.json?["error"] as? [String: Any], "\(refused.stdout)\(refused.stderr)")
        #expect(error["code"] as? String == "ledger-rollback")
        #expect(
            (error["message"] as? String)?.contains(
                "the ledger file is generation 1, older than generation 2 recorded in the file '\(generation)'"
            ) == true
        )
        let text = try CommandLineRunner.run(Array(accept.dropLast(3)) + ["--now", "1800000010"])
        #expect(text.exitCode == 2)
        #expect(
            text.stderr.hasPrefix("error: the ledger \(ledger) is unusable: cannot verify \(ledger)/ledger.json: the ledger file is generation 1")
        )

        // Without the generation file, the same copy is accepted: the gap the option closes.
        try FileManager.default.removeItem(atPath: ledger)
        try FileManager.default.copyItem(atPath: copy, toPath: ledger)
        let gap = try CommandLineRunner.run(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000010"])
        #expect(gap.exitCode == 0, "\(gap.stdout)\(gap.stderr)")
    }

    @Test func aGenerationFileInsideTheLedgerFolderIsRefused() throws {
        let ledger = temporaryDirectory()
        let run = try CommandLineRunner.run([
            "request", "build", "--spec", terminal, "--action", "charge", "--param", "amount=12.50", "--callback",
            "my-return-url://?record_id=123", "--ledger", ledger, "--generation-file", ledger + "/sub/generation", "--now", "1800000000",
        ])
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains("is inside the ledger folder \(ledger): an earlier copy of the folder would bring back its generation too"))
        let noLedger = try CommandLineRunner.run(["request", "build", "--spec", terminal, "--action", "charge", "--generation-file", "/x/g"])
        #expect(noLedger.exitCode == 2)
        #expect(noLedger.stderr.contains("--generation-file records the generation of a ledger; give --ledger too"))
    }
}
