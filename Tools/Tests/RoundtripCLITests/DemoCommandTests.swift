import RoundtripToolsTestSupport
import Testing

@Suite("CLI: demo")
struct DemoCommandTests {
    @Test func demoRunsEveryReferenceScenario() throws {
        let result = try CommandLineRunner.run(["demo"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("All 9 scenarios behaved as expected.\n"))
        for title in [
            "returnURL, rt-state and ifcc_", "Universal Link Callback logout", "hijacks a custom scheme", "to-do item",
            "Latitude, longitude and title", "x-callback-url round trip", "a tag list, a multi-line text and a typed returned id",
            "payment terminal in its own shape", "payment terminal on Android",
        ] {
            #expect(result.stdout.contains(title), "missing scenario: \(title)")
        }
        #expect(!result.stdout.contains("✗"))
    }

    @Test func oneScenario() throws {
        let result = try CommandLineRunner.run(["demo", "--scenario", "logout"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("force-quit Charts EHR"))
        #expect(!result.stdout.contains("Card Terminal"))
    }

    @Test func unknownScenarioIsBadUsage() throws {
        let result = try CommandLineRunner.run(["demo", "--scenario", "nope"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("unknown scenario 'nope'"))
    }
}
