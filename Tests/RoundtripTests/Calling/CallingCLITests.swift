import Foundation
import Testing
@testable import Roundtrip

/// `roundtrip request build` and `roundtrip response accept`, run as the built binary.
@Suite struct CallingCLITests {
    typealias S = CallingSupport

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String

        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }
    }

    func roundtrip(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let binary = try #require(BuiltProduct.path("roundtrip"), "build the package first (swift build)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        inherited["ROUNDTRIP_LEDGER_KEY"] = nil
        process.environment = inherited.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    let terminal = Fixture.path("specs/terminal.yaml")
    let notes = Fixture.path("specs/notes.yaml")

    func buildCharge(_ ledger: String, extra: [String] = []) throws -> String {
        let run = try roundtrip(["request", "build", "--spec", terminal, "--action", "charge", "--param", "amount=12.50", "--param", "invoiceNumber=123",
                                 "--callback", "my-return-url://?record_id=123", "--ledger", ledger, "--now", "1800000000", "--continuation", #"{"screen":"invoice","id":7}"#] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    func answer(_ request: String, outcome: String = "approved") throws -> String {
        let run = try roundtrip(["response", "build", "--spec", terminal, "--request", request, "--outcome", outcome, "--param", "transactionId=T-9", "--now", "1800000000"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    @Test func buildThenAcceptOnceThenReplay() throws {
        let ledger = S.temporaryDirectory() + "/ledger"
        let request = try buildCharge(ledger)
        #expect(request.hasPrefix("com-example-terminal://charge/1.0.0/?amount=12.50&invoiceNumber=123&returnURL=my-return-url%3A%2F%2F%3Frecord_id%3D123%26rt-state%3D"))
        let attributes = try FileManager.default.attributesOfItem(atPath: ledger + "/ledger.key")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let callback = try answer(request)
        let accepted = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000030"])
        #expect(accepted.status == 0)
        let json = try #require(accepted.json)
        #expect(json["accepted"] as? Bool == true)
        #expect(json["outcome"] as? String == "approved")
        #expect(json["parameters"] as? [String: String] == ["transactionId": "T-9"])
        let continuation = try #require(json["continuation"] as? [String: Any])
        #expect(continuation["screen"] as? String == "invoice")
        #expect(continuation["id"] as? Int == 7)

        let replay = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000031"])
        #expect(replay.status == 1)
        let error = try #require(replay.json?["error"] as? [String: Any])
        #expect(replay.json?["accepted"] as? Bool == false)
        #expect(error["code"] as? String == "replayed")
        #expect(error["message"] as? String == "the request to 'charge' was already answered; a callback is accepted once")
        #expect(error["parameter"] as? String == "rt-state")
    }

    @Test func rejectsByCode() throws {
        let ledger = S.temporaryDirectory()
        let request = try buildCharge(ledger, extra: ["--ttl", "60"])
        let callback = try answer(request)
        func code(_ url: String, now: String = "1800000001") throws -> String? {
            let run = try roundtrip(["response", "accept", "--ledger", ledger, url, "--json", "--now", now])
            #expect(run.status == 1, "\(url): \(run.stdout) \(run.stderr)")
            return (run.json?["error"] as? [String: Any])?["code"] as? String
        }
        let nonce = try #require(try S.queryValue(callback, "rt-state"))
        #expect(try code(callback, now: "1800000061") == "expired")
        #expect(try code(callback.replacingOccurrences(of: nonce, with: S.nonce(77))) == "nonce-mismatch")
        #expect(try code("other-app://?rt-state=\(nonce)") == "unsolicited-response")
        #expect(try code(callback + "&rt-state=\(nonce)") == "reserved-parameter")
        #expect(try code(callback + "&ifcc_x=1&ifcc_x=2") == "duplicate-parameter")
        #expect(try code("my-return-url://?a=%ZZ") == "invalid-encoding")
        #expect(try code("::") == "malformed-url")
        #expect(try code(callback + "&p=" + String(repeating: "a", count: 17_000)) == "too-large")
        // None of those consumed it.
        let run = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--now", "1800000002"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("accepted: approved (Card Terminal charge)"))
    }

    @Test func aTamperedLedgerIsExitTwoNotAnAccept() throws {
        let ledger = S.temporaryDirectory()
        let callback = try answer(try buildCharge(ledger))
        let path = ledger + "/ledger.json"
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data[data.count - 5] ^= 0x01
        try data.write(to: URL(fileURLWithPath: path))
        let run = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--json"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("the ledger file's HMAC does not verify"))
        // The key from the environment instead of the file: a different key, same refusal.
        let other = try roundtrip(["response", "accept", "--ledger", ledger, callback], environment: ["ROUNDTRIP_LEDGER_KEY": "another-key-0123456789"])
        #expect(other.status == 2)
    }

    @Test func aKeyFileOthersCanReadIsRefused() throws {
        let ledger = S.temporaryDirectory()
        let callback = try answer(try buildCharge(ledger))
        chmod(ledger + "/ledger.key", 0o644)
        let run = try roundtrip(["response", "accept", "--ledger", ledger, callback])
        #expect(run.status == 2)
        #expect(run.stderr.contains("may be read by other users (mode 644); run chmod 600 on it"))
    }

    @Test func signedBuildVerifiesWithRequestHandle() throws {
        let environment = ["ROUNDTRIP_TEST_SECRET": S.secret]
        let build = try roundtrip(["request", "build", "--spec", notes, "--action", "locked", "--param", "id=7", "--callback", "pos-app://cb",
                                   "--sign-key", "pos-2026", "--secret-env", "ROUNDTRIP_TEST_SECRET", "--now", "1800000000"], environment: environment)
        #expect(build.status == 0, "\(build.stderr)")
        let url = build.stdout.trimmingCharacters(in: .newlines)
        #expect(url.contains("&rt-kid=pos-2026&rt-ts=1800000000&rt-id="))
        let state = S.temporaryDirectory()
        let handle = try roundtrip(["request", "handle", "--spec", notes, url, "--json", "--now", "1800000100", "--state", state], environment: environment)
        #expect(handle.status == 0, "\(handle.stdout)")
        #expect((handle.json?["callbacks"] as? [String: String])?["success"]?.hasPrefix("pos-app://cb/success?rt-state=") == true)
        let replay = try roundtrip(["request", "handle", "--spec", notes, url, "--json", "--now", "1800000101", "--state", state], environment: environment)
        #expect(replay.status == 1)
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
            ["response", "accept", "--ledger", S.temporaryDirectory(), "my-return-url://?rt-state=x"],
        ]
        for arguments in cases {
            #expect(try roundtrip(arguments).status == 2, "\(arguments)")
        }
        let rejected = try roundtrip(["request", "build", "--spec", terminal, "--action", "charge", "--param", "amount=0", "--callback", "my-return-url://"])
        #expect(rejected.status == 1)
        #expect(rejected.stderr == "rejected: invalid-parameter (amount): the parameter 'amount' is 0; the minimum is 0.01\n")
    }
}
