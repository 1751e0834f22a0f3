import Foundation
import RoundtripTestSupport
import Testing

/// `select` end to end through the binary, with `Tests/Fixtures/specs/rides.yaml` (actions that
/// share a route and are told apart by fixed query pairs): what `request handle` shows, what
/// `request build` writes, and what `spec docs` says.
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
}
