import Foundation
import RoundtripSimulator
import Testing

@testable import RoundtripDemo

@Suite("Demo scenario: lists, multi-line text and a typed returned id over x-callback-url")
struct JournalNoteScenarioTests {
    @Test func isListedForTheDemo() {
        #expect(DemoScenario.all.map(\.id).contains("journal-note"))
    }

    @Test func everyCheckHolds() async throws {
        let report = try await JournalNoteScenario.run()
        #expect(report.isPassed, "\(report.rendered())")
        #expect(report.checks.count == 10)
    }

    @Test func traceShowsEachStep() async throws {
        let trace = try await JournalNoteScenario.run().trace
        func line(_ actor: String, _ text: String) -> Bool {
            !ScenarioSupport.lines(of: trace, by: actor, containing: text).isEmpty
        }
        // The request: the list as one comma value, the line breaks as %0A, the yes-no boolean.
        #expect(
            line(
                "Journal",
                "opens notes://x-callback-url/create?title=Trip%20to%20Lyon&tags=travel%2Clyon%2Cfood&text=Day%202%0ATrain%20at%209%3A12.%0ALunch%20at%20Les%20Halles.&pin=yes&x-success="
            )
        )
        // The decision: three typed items and three lines.
        #expect(line("Notes", "tags: a comma list of 3 items: “travel”, “lyon”, “food”"))
        #expect(line("Notes", "text: 3 lines: “Day 2” ⏎ “Train at 9:12.” ⏎ “Lunch at Les Halles.”"))
        // The way back and the typed answer.
        #expect(line("Notes", "opens journal://x-callback-url/notes/success?rt-state=") && line("Notes", "&id=3f2b8c1e-9a4d-4e7b-8c21-5d6a7b8c9d0e"))
        #expect(
            line(
                "Journal",
                "accepted the answer to create: success (id=3f2b8c1e-9a4d-4e7b-8c21-5d6a7b8c9d0e); continuation {\"entry\":\"2026-11-22\"}"
            )
        )
        #expect(line("Journal", "decodes the answer: Created(id: 3f2b8c1e-9a4d-4e7b-8c21-5d6a7b8c9d0e); returns[\"id\"] is a uuid"))
        // The refusals, with their codes.
        #expect(line("Journal", "refuses to send: invalid-parameter: item 2 of the parameter 'tags'"))
        #expect(line("Notes", "rejected invalid-parameter: item 2 of the parameter 'tags' does not match the pattern [a-z0-9-]+"))
        #expect(line("Notes", "rejected invalid-encoding: the parameter 'text' contains the control character U+000D"))
        // Every event is one line, whatever the multi-line text holds.
        #expect(trace.events.allSatisfy { !$0.text.contains("\n") && !$0.text.contains("\r") })
    }

    @Test func onlyTheActionsOutcomesAreAsked() async throws {
        let trace = try await JournalNoteScenario.run().trace
        let request = try #require(ScenarioSupport.lines(of: trace, by: "Journal", containing: "opens notes://").first?.text)
        // `outcomes: [success, error]`: no x-cancel is derived.
        #expect(request.contains("x-error=") && !request.contains("x-cancel="))
    }
}
