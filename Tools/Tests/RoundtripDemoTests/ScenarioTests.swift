import RoundtripDemo
import RoundtripSimulator
import Testing

@Suite("Demo scenarios: every reference system end to end")
struct ScenarioTests {
    @Test(arguments: DemoScenario.all.map(\.id))
    func scenarioBehavesAsExpected(id: String) async throws {
        let scenario = try #require(DemoScenario.all.first { $0.id == id })
        let report = try await scenario.run()
        for check in report.checks {
            #expect(check.isPassed, "\(check.expectation)\n\(report.trace.rendered())")
        }
        #expect(report.checks.count >= 2)
    }

    @Test func tracesAreDeterministic() async throws {
        for scenario in DemoScenario.all {
            let first = try await scenario.run().rendered()
            let second = try await scenario.run().rendered()
            #expect(first == second, "\(scenario.id) differs between runs")
        }
    }
}
