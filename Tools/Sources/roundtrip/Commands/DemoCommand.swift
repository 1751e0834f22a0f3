import ArgumentParser
import Foundation
import RoundtripDemo

/// `roundtrip demo [--scenario ID]...`
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the reference scenarios end to end on a simulated iPhone or Android phone and print their traces.",
        discussion: """
            Scenarios: \(DemoScenario.all.map(\.id).joined(separator: ", ")). Each prints the device's \
            trace (simulated seconds, who, what) and its checks. Exits 1 if a check fails.
            """
    )

    @Option(name: .customLong("scenario"), help: "Run only these scenarios (repeatable).")
    var scenarios: [String] = []

    func validate() throws {
        let known = Set(DemoScenario.all.map(\.id))
        if let unknown = scenarios.first(where: { !known.contains($0) }) {
            throw ValidationError("unknown scenario '\(unknown)'; choose from \(DemoScenario.all.map(\.id).joined(separator: ", "))")
        }
    }

    func run() async throws {
        let selected = DemoScenario.all.filter { scenarios.isEmpty || scenarios.contains($0.id) }
        var failures = 0
        for (index, scenario) in selected.enumerated() {
            if index > 0 { print("") }
            do {
                let report = try await scenario.run()
                print(report.rendered())
                failures += report.checks.filter { !$0.isPassed }.count
            } catch {
                print("== \(scenario.id): the scenario could not run: \(error)")
                failures += 1
            }
        }
        print("")
        print(failures == 0 ? "All \(selected.count) scenarios behaved as expected." : "\(failures) check(s) failed.")
        if failures > 0 { throw CommandFailure.rejected() }
    }
}
