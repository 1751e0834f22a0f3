import Foundation
import Roundtrip
import RoundtripSimulator

/// Apple's "App Programming Guide for iOS" (inter-app communication): `todolist://www.acme.com?Quarterly%20Report#200806231300` — the whole query is the
/// task, the fragment its due date, checked strictly.
enum TodoListScenario {
    static let todo = AppManifest(name: "ToDo", bundleID: "com.acme.todo", teamID: "ACMETEAM01", urlSchemes: ["todolist"])
    static let mail = AppManifest(name: "Mail", bundleID: "com.example.mail", teamID: "MAILTEAM01")

    struct Task: Decodable, Sendable {
        var task: String
        var due: Date?
    }

    @Sendable static func run() async throws -> ScenarioReport {
        let device = VirtualDevice()
        let endpoint = try Endpoint(spec: try ScenarioSupport.spec(ScenarioSpecs.todo))
        await device.install(mail) { ScriptedApp { _, _, _ in } }
        await device.install(todo) {
            ReceivingApp(endpoint: endpoint) { receiver, context in
                receiver.on("add-task", as: Task.self) { task, _ in
                    context.log("adds “\(task.task)” due \(task.due.map { DateFormat.iso8601.format($0) } ?? "today")")
                    return .success()
                }
            }
        }
        var checks = CheckList()
        await device.open("todolist://www.acme.com?Quarterly%20Report#200806231300", from: mail.bundleID)
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: todo.name, containing: "adds “Quarterly Report” due 2008-06-23T13:00:00Z").isEmpty,
            "the task and its due date are read from the query and the fragment"
        )
        await device.open("todolist://www.acme.com?Board%20Meeting#200802301300", from: mail.bundleID)
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: todo.name, containing: "rejected invalid-parameter: the parameter 'due' must be a real date")
                .isEmpty,
            "February 30 is rejected, not rolled over to March"
        )
        await device.open("todolist://www.acme.com", from: mail.bundleID)
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: todo.name, containing: "rejected missing-parameter").isEmpty,
            "a URL without a task is rejected"
        )
        return ScenarioReport(
            title: "A to-do item from a URL's query and fragment",
            source: "Apple, \"App Programming Guide for iOS\": custom URL schemes",
            trace: device.trace,
            checks: checks.checks
        )
    }
}
