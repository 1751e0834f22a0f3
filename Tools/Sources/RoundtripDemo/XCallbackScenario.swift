import Foundation
import Roundtrip
import RoundtripSimulator

/// x-callback-url 1.0: a launcher asks a notes app to add a note and gets `x-success` with the
/// note's id; a second request is cancelled by the user and comes back on `x-cancel`.
enum XCallbackScenario {
    static let launcher = AppManifest(name: "Launcher", bundleID: "com.example.launcher", teamID: "LAUNCHER01", urlSchemes: ["launcher"])
    static let notes = AppManifest(name: "Notes", bundleID: "com.example.notes", teamID: "NOTESTEAM1", urlSchemes: ["notes"])

    struct Note: Decodable, Sendable {
        var title: String
        var body: String?
    }

    @Sendable static func run() async throws -> ScenarioReport {
        let device = VirtualDevice()
        let spec = try ScenarioSupport.spec(ScenarioSpecs.notes)
        let endpoint = try Endpoint(spec: spec)
        await device.install(launcher) { [nonces = device.nonces] in CallingApp(nonces: nonces) }
        await device.install(notes) {
            ReceivingApp(endpoint: endpoint) { receiver, context in
                receiver.on("add", as: Note.self) { note, _ in
                    if note.title == "Draft" {
                        context.log("the user cancels adding “\(note.title)”")
                        return .cancel
                    }
                    context.log("adds the note “\(note.title)”")
                    return .success([QueryItem(name: "noteID", value: "42")])
                }
            }
        }
        var checks = CheckList()
        let first = try await device.run(in: launcher.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            return try await caller.call(
                "add",
                to: RequestBuilder(partner: spec),
                parameters: [QueryItem(name: "title", value: "Buy milk")],
                callback: "launcher://x-callback-url/notes"
            )
        }
        checks.expect(first.outcome == "success" && first.parameters["noteID"] == "42", "x-success brings back the new note's id")
        let second = try await device.run(in: launcher.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            return try await caller.call(
                "add",
                to: RequestBuilder(partner: spec),
                parameters: [QueryItem(name: "title", value: "Draft")],
                callback: "launcher://x-callback-url/notes"
            )
        }
        checks.expect(second.outcome == "cancel", "a cancelled action comes back on x-cancel")
        return ScenarioReport(
            title: "x-callback-url round trip: success and cancel",
            source: "x-callback-url 1.0",
            trace: device.trace,
            checks: checks.checks
        )
    }
}
