import RoundtripDemo
import RoundtripSimulator
import Testing

@Suite("Demo scenario: a payment terminal with its own URL shape, a signed JSON answer")
struct JSONTerminalScenarioTests {
    private func report() async throws -> ScenarioReport {
        let scenario = try #require(DemoScenario.all.first { $0.id == "json-terminal" })
        return try await scenario.run()
    }

    private func lines(_ trace: Trace, by actor: String, containing text: String) -> [TraceEvent] {
        trace.events.filter { $0.actor == actor && $0.text.contains(text) }
    }

    @Test func everyCheckHolds() async throws {
        let report = try await report()
        #expect(report.isPassed, "\(report.rendered())")
        #expect(report.checks.count == 6)
    }

    @Test func theCallbackTravelsInsideTheJSONParameterAndTheAnswerComesBackAsJSON() async throws {
        let trace = try await report().trace
        // The request: the callback and its rt-state at /callback_url of the `data` JSON object.
        #expect(!lines(trace, by: "Corner Shop POS", containing: "opens paydevice://payment/create?data=").isEmpty)
        #expect(!lines(trace, by: "Corner Shop POS", containing: "%22callback_url%22%3A%22shop%3A%2F%2Fpaid%3Frt-state%3D").isEmpty)
        // The answer: one JSON object in `data`, the partner's word `ok` for success, then the signature.
        #expect(!lines(trace, by: "Pay Device", containing: "opens shop://paid?rt-state=").isEmpty)
        #expect(!lines(trace, by: "Pay Device", containing: "%22status%22%3A%22ok%22").isEmpty)
        #expect(
            !lines(trace, by: "Corner Shop POS", containing: "accepted the answer to charge: success (approved_amount=1250, transaction_id=T-2001)")
                .isEmpty
        )
    }

    @Test func forgeriesAreRefusedWithTheirCodes() async throws {
        let trace = try await report().trace
        #expect(lines(trace, by: "Pay Device", containing: "rejected forbidden-callback").count == 1)
        #expect(lines(trace, by: "Corner Shop POS", containing: "rejected a callback: bad-signature").count == 2)
        #expect(lines(trace, by: "Corner Shop POS", containing: "accepted the answer").count == 1)
    }
}
