import RoundtripDemo
import RoundtripSimulator
import Testing

@Suite("Demo scenario: the point of sale on Android, App Links verified per host, a chooser hijack refused")
struct AndroidTerminalScenarioTests {
    private func report() async throws -> ScenarioReport {
        let scenario = try #require(DemoScenario.all.first { $0.id == "android-terminal" })
        return try await scenario.run()
    }

    private func lines(_ trace: Trace, by actor: String, containing text: String) -> [TraceEvent] {
        trace.events.filter { $0.actor == actor && $0.text.contains(text) }
    }

    @Test func everyCheckHolds() async throws {
        let report = try await report()
        #expect(report.isPassed, "\(report.rendered())")
        #expect(report.checks.count == 11)
    }

    @Test func theAppLinkIsVerifiedPerHostAndReachesTheTerminal() async throws {
        let trace = try await report().trace
        #expect(!lines(trace, by: "Android", containing: "Droid Pay installed; App Links verified: pay.example.com").isEmpty)
        #expect(!lines(trace, by: "Android", containing: "Free Terminal installed; App Links verified: none").isEmpty)
        #expect(!lines(trace, by: "Corner Shop POS", containing: "opens https://pay.example.com/charge?").isEmpty)
        #expect(!lines(trace, by: "Corner Shop POS", containing: "App Link verified for com.example.droidpay: Droid Pay").isEmpty)
        #expect(!lines(trace, by: "Corner Shop POS", containing: "accepted the answer to charge: approved").isEmpty)
    }

    @Test func theChooserHijackIsRefusedBySignedAnswers() async throws {
        let trace = try await report().trace
        #expect(!lines(trace, by: "Android", containing: "the user taps Free Terminal").isEmpty)
        #expect(lines(trace, by: "Corner Shop POS", containing: "rejected a callback: missing-signature").count == 1)
        #expect(lines(trace, by: "Corner Shop POS", containing: "rejected a callback: bad-signature").count == 1)
        #expect(lines(trace, by: "Corner Shop POS", containing: "accepted the answer").count == 1)
    }
}
