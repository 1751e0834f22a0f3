import Foundation
import RoundtripToolsTestSupport
import Testing

/// `request build` and `response accept`, end to end through the binary.
@Suite("CLI: calling side")
struct CallingCommandTests {
    static let secret = "test-secret-0123456789abcdef"

    func roundtrip(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run(arguments, environment: environment)
    }

    func temporaryDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-cli-calling-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func queryValue(_ url: String, _ name: String) -> String? {
        URLComponents(string: url)?.queryItems?.first { $0.name == name }?.value
    }

    let terminal = CommandLineRunner.fixture("specs/terminal.yaml")
    let notes = CommandLineRunner.fixture("specs/notes.yaml")

    func buildCharge(_ ledger: String, extra: [String] = []) throws -> String {
        let run = try roundtrip(
            [
                "request", "build", "--spec", terminal, "--action", "charge", "--param", "amount=12.50", "--param", "invoiceNumber=123",
                "--callback", "my-return-url://?record_id=123", "--ledger", ledger, "--now", "1800000000", "--continuation",
                #"{"screen":"invoice","id":7}"#,
            ] + extra
        )
        #expect(run.exitCode == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    func answer(_ request: String, outcome: String = "approved") throws -> String {
        let run = try roundtrip([
            "response", "build", "--spec", terminal, "--request", request, "--outcome", outcome, "--param", "transactionId=T-9", "--now",
            "1800000000",
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    @Test func buildThenAcceptOnceThenReplay() throws {
        let ledger = temporaryDirectory() + "/ledger"
        let request = try buildCharge(ledger)
        #expect(
            request.hasPrefix(
                "com-example-terminal://charge/1.0.0/?amount=12.50&invoiceNumber=123&returnURL=my-return-url%3A%2F%2F%3Frecord_id%3D123%26rt-state%3D"
            )
        )
        let attributes = try FileManager.default.attributesOfItem(atPath: ledger + "/ledger.key")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let callback = try answer(request)
        let accepted = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000030"])
        #expect(accepted.exitCode == 0)
        let json = try #require(accepted.json)
        #expect(json["accepted"] as? Bool == true)
        #expect(json["outcome"] as? String == "approved")
        #expect(json["parameters"] as? [String: String] == ["transactionId": "T-9"])
        let continuation = try #require(json["continuation"] as? [String: Any])
        #expect(continuation["screen"] as? String == "invoice")
        #expect(continuation["id"] as? Int == 7)

        let replay = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000031"])
        #expect(replay.exitCode == 1)
        let error = try #require(replay.json?["error"] as? [String: Any])
        #expect(replay.json?["accepted"] as? Bool == false)
        #expect(error["code"] as? String == "replayed")
        #expect(error["message"] as? String == "the request to 'charge' was already answered; a callback is accepted once")
        #expect(error["parameter"] as? String == "rt-state")
    }

    @Test func rejectsByCode() throws {
        let ledger = temporaryDirectory()
        let request = try buildCharge(ledger, extra: ["--ttl", "60"])
        let callback = try answer(request)
        func code(_ url: String, now: String = "1800000001") throws -> String? {
            let run = try roundtrip(["response", "accept", "--ledger", ledger, url, "--json", "--now", now])
            #expect(run.exitCode == 1, "\(url): \(run.stdout) \(run.stderr)")
            return (run.json?["error"] as? [String: Any])?["code"] as? String
        }
        let nonce = try #require(queryValue(callback, "rt-state"))
        #expect(try code(callback, now: "1800000061") == "expired")
        #expect(try code(callback.replacingOccurrences(of: nonce, with: "AAAAAAAAAAAAAAAAAAAAAA")) == "nonce-mismatch")
        #expect(try code("other-app://?rt-state=\(nonce)") == "unsolicited-response")
        #expect(try code(callback + "&rt-state=\(nonce)") == "reserved-parameter")
        #expect(try code(callback + "&ifcc_x=1&ifcc_x=2") == "duplicate-parameter")
        #expect(try code("my-return-url://?a=%ZZ") == "invalid-encoding")
        #expect(try code("::") == "malformed-url")
        #expect(try code(callback + "&p=" + String(repeating: "a", count: 17_000)) == "too-large")
        // None of those consumed it.
        let run = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--now", "1800000002"])
        #expect(run.exitCode == 0)
        #expect(run.stdout.hasPrefix("accepted: approved (Card Terminal charge)"))
    }

    @Test func aTamperedLedgerIsExitTwoNotAnAccept() throws {
        let ledger = temporaryDirectory()
        let callback = try answer(try buildCharge(ledger))
        let path = ledger + "/ledger.json"
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data[data.count - 5] ^= 0x01
        try data.write(to: URL(fileURLWithPath: path))
        let run = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--json"])
        #expect(run.exitCode == 2)
        // With --json the one object on stdout says why, with the storage error's code.
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let error = run.json?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "damaged")
        #expect((error?["message"] as? String)?.contains("the ledger file's HMAC does not verify") == true)
        // The key from the environment instead of the file: a different key, same refusal.
        let other = try roundtrip(
            ["response", "accept", "--ledger", ledger, callback],
            environment: ["ROUNDTRIP_LEDGER_KEY": "another-key-0123456789"]
        )
        #expect(other.exitCode == 2)
    }

    @Test func aKeyFileOthersCanReadIsRefused() throws {
        let ledger = temporaryDirectory()
        let callback = try answer(try buildCharge(ledger))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: ledger + "/ledger.key")
        let run = try roundtrip(["response", "accept", "--ledger", ledger, callback])
        #expect(run.exitCode == 2)
        #expect(run.stderr.contains("may be read by other users (mode 644); run chmod 600 on it"))
    }

    @Test func signedBuildVerifiesWithRequestHandle() throws {
        let environment = ["ROUNDTRIP_TEST_SECRET": Self.secret]
        let build = try roundtrip(
            [
                "request", "build", "--spec", notes, "--action", "locked", "--param", "id=7", "--callback", "pos-app://cb",
                "--sign-key", "pos-2026", "--secret-env", "ROUNDTRIP_TEST_SECRET", "--now", "1800000000",
            ],
            environment: environment
        )
        #expect(build.exitCode == 0, "\(build.stderr)")
        let url = build.stdout.trimmingCharacters(in: .newlines)
        #expect(url.contains("&rt-kid=pos-2026&rt-ts=1800000000&rt-id="))
        let state = temporaryDirectory()
        let handle = try roundtrip(
            ["request", "handle", "--spec", notes, url, "--json", "--now", "1800000100", "--state", state],
            environment: environment
        )
        #expect(handle.exitCode == 0, "\(handle.stdout)")
        #expect((handle.json?["callbacks"] as? [String: String])?["success"]?.hasPrefix("pos-app://cb/success?rt-state=") == true)
        let replay = try roundtrip(
            ["request", "handle", "--spec", notes, url, "--json", "--now", "1800000101", "--state", state],
            environment: environment
        )
        #expect(replay.exitCode == 1)
        #expect((replay.json?["error"] as? [String: Any])?["code"] as? String == "replayed")
        let stale = try roundtrip(["request", "handle", "--spec", notes, url, "--json", "--now", "1800000400"], environment: environment)
        #expect((stale.json?["error"] as? [String: Any])?["code"] as? String == "expired")
    }

    @Test func usageErrorsExitTwo() throws {
        let cases: [[String]] = [
            ["request", "build", "--spec", terminal, "--action", "charge", "--ledger", "/tmp/x"],
            ["request", "build", "--spec", terminal, "--action", "charge", "--sign-key", "k"],
            ["request", "build", "--spec", terminal, "--action", "refund"],
            ["request", "build", "--spec", "/nonexistent.yaml", "--action", "charge"],
            ["request", "build", "--spec", notes, "--action", "locked", "--param", "id=1", "--sign-key", "nobody", "--secret-env", "HOME"],
            ["response", "accept", "--ledger", temporaryDirectory(), "my-return-url://?rt-state=x"],
        ]
        for arguments in cases {
            #expect(try roundtrip(arguments).exitCode == 2, "\(arguments)")
        }
        let rejected = try roundtrip([
            "request", "build", "--spec", terminal, "--action", "charge", "--param", "amount=0", "--callback", "my-return-url://",
        ])
        #expect(rejected.exitCode == 1)
        #expect(rejected.stderr == "rejected: invalid-parameter (amount): the parameter 'amount' is 0; the minimum is 0.01\n")
    }
}
