import Foundation
import RoundtripToolsTestSupport
import Testing

/// `select`, `required-callbacks` and `requires-one-of` end to end through the binary, with
/// `Tests/Fixtures/specs/rides.yaml` (actions that share a route and are told apart by fixed
/// query pairs): what `request handle` shows, what `request build` writes or refuses, and what
/// `spec docs` says.
@Suite("CLI: select")
struct SelectCLITests {
    static let spec = CommandLineRunner.fixture("specs/rides.yaml")

    func roundtrip(_ arguments: [String]) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run(arguments)
    }

    func handle(_ url: String) throws -> CommandLineRunner.Result {
        try roundtrip(["request", "handle", "--spec", Self.spec, url, "--json"])
    }

    @Test func handleShowsTheSelectedActionWithoutItsPairs() throws {
        let run = try handle("rides://?action=setPickup&pickup%5Blatitude%5D=48.85&pickup%5Blongitude%5D=2.35")
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout
                == #"{"accepted":true,"action":"set-pickup","callbacks":{},"convention":"none","parameters":{"pickup[latitude]":"48.85","pickup[longitude]":"2.35"}}"#
                + "\n"
        )
        let here = try handle("rides://?pickup=my_location&action=setPickup")
        #expect(here.json?["action"] as? String == "set-pickup-here")
        #expect((here.json?["parameters"] as? [String: Any])?.isEmpty == true)
        let fallback = try handle("rides://")
        #expect(fallback.json?["action"] as? String == "open")
    }

    @Test func handleRejectsAQuerySelectingNothing() throws {
        let run = try handle("rides://x-callback-url/ride?product=bike")
        #expect(run.exitCode == 1)
        let error = try #require(run.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "unknown-route")
        #expect(
            error["message"] as? String
                == "no action at 'rides://x-callback-url/ride' is selected by the query: 'request-pool' needs product=pool; 'request-car' needs product=car; every action there has 'select' pairs, and there is no action without them"
        )
        let repeated = try handle("rides://x-callback-url/ride?product=car&product=pool")
        #expect((repeated.json?["error"] as? [String: Any])?["code"] as? String == "duplicate-parameter")
    }

    @Test func buildWritesThePairsFirstAndHandleAcceptsTheURL() throws {
        let run = try roundtrip([
            "request", "build", "--spec", Self.spec, "--action", "set-dropoff", "--param", "dropoff[formatted_address]=1 Main St",
        ])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let url = run.stdout.trimmingCharacters(in: .newlines)
        #expect(url == "rides://?action=setDropoff&dropoff%5Bformatted_address%5D=1%20Main%20St")
        #expect(try handle(url).json?["action"] as? String == "set-dropoff")
    }

    @Test func buildRefusesASelectNameAmongTheParameters() throws {
        let run = try roundtrip(["request", "build", "--spec", Self.spec, "--action", "set-dropoff", "--param", "action=setPickup"])
        #expect(run.exitCode == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            (run.stdout + run.stderr).contains(
                "the parameter 'action' is a select pair of the action 'set-dropoff' (action=setDropoff), which the builder writes itself; leave it out"
            ),
            "\(run.stderr)"
        )
    }

    @Test func docsListThePairs() throws {
        let run = try roundtrip(["spec", "docs", Self.spec])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains(
                "- **Select:** the query carries `action=setPickup`, `pickup=my_location` exactly: these pairs choose this action among those at its route (most pairs first), and are not parameters."
            )
        )
    }

    @Test func buildRefusesWithoutARequiredCallbackOrAGroupMember() throws {
        let noCallback = try roundtrip(["request", "build", "--spec", Self.spec, "--action", "request-pool"])
        #expect(noCallback.exitCode == 1)
        #expect(
            noCallback.stderr.contains(
                "the partner's action 'request-pool' requires the 'x-success' callback (required-callbacks); pass a callback base"
            ),
            "\(noCallback.stderr)"
        )
        let noMember = try roundtrip(["request", "build", "--spec", Self.spec, "--action", "set-dropoff"])
        #expect(noMember.exitCode == 1)
        #expect(
            noMember.stderr.contains("the action 'set-dropoff' requires one of 'dropoff[formatted_address]', 'dropoff[place_id]'"),
            "\(noMember.stderr)"
        )
    }

    @Test func handleRefusesWithoutARequiredCallbackOrAGroupMember() throws {
        let noCallback = try handle("rides://x-callback-url/ride?product=pool&x-error=caller%3A%2F%2Ffailed")
        let callbackError = try #require(noCallback.json?["error"] as? [String: Any])
        #expect(callbackError["code"] as? String == "missing-callback")
        #expect(callbackError["parameter"] as? String == "x-success")
        let noMember = try handle("rides://?action=setDropoff")
        let memberError = try #require(noMember.json?["error"] as? [String: Any])
        #expect(memberError["code"] as? String == "missing-parameter")
        #expect(memberError["message"] as? String == "the action 'set-dropoff' requires one of 'dropoff[formatted_address]', 'dropoff[place_id]'")
    }

    @Test func docsListTheRequirements() throws {
        let run = try roundtrip(["spec", "docs", Self.spec])
        #expect(run.stdout.contains("- **Required callbacks:** `x-success`: a request without one is refused (`missing-callback`)."))
        #expect(
            run.stdout.contains(
                "- **Requires one of:** `dropoff[formatted_address]` or `dropoff[place_id]`: a request with none of them is refused (`missing-parameter`)."
            )
        )
    }
}
