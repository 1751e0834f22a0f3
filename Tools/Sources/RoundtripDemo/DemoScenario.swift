import Foundation
import Roundtrip
import RoundtripAssociatedDomains
import RoundtripSimulator
import RoundtripYAML

/// A reference scenario, end to end on a ``VirtualDevice``: what `roundtrip demo` runs.
package struct DemoScenario: Sendable {
    /// A short identifier (`charge`, `logout`, …).
    package let id: String
    /// Runs the scenario on a fresh device.
    package let run: @Sendable () async throws -> ScenarioReport

    /// Every scenario, in the order the demo shows them.
    package static let all: [DemoScenario] = [
        DemoScenario(id: "charge", run: CardTerminalScenario.run),
        DemoScenario(id: "logout", run: LogoutScenario.run),
        DemoScenario(id: "hijack", run: HijackScenario.run),
        DemoScenario(id: "todolist", run: TodoListScenario.run),
        DemoScenario(id: "inap", run: INapScenario.run),
        DemoScenario(id: "x-callback-url", run: XCallbackScenario.run),
        DemoScenario(id: "journal-note", run: JournalNoteScenario.run),
        DemoScenario(id: "json-terminal", run: JSONTerminalScenario.run),
        DemoScenario(id: "android-terminal", run: AndroidTerminalScenario.run),
    ]
}

/// Helpers the scenarios share.
enum ScenarioSupport {
    static func spec(_ yaml: String) throws -> Spec {
        try SpecLoader.load(yaml: yaml).spec
    }

    static func association(_ json: String) throws -> AssociationFile {
        try AssociationFile(json: Array(json.utf8))
    }

    /// The behaviour as a ``CallingApp``, to act as its user interface.
    static func callingApp(_ behavior: any AppBehavior) throws -> CallingApp {
        guard let app = behavior as? CallingApp else { throw SimulatorError(message: "not a calling app") }
        return app
    }

    /// `code: message` for a Roundtrip error, the description of anything else: how a
    /// scenario's app writes a reject into the trace.
    static func describe(_ error: any Error) -> String {
        if let error = error as? RoundtripError { return "\(error.code): \(error.message)" }
        return "\(error)"
    }

    /// `rt-state=<nonce>` as it appears in a callback URL's query: what a forger swaps to move an
    /// answer onto another request.
    static func stateItem(of url: String) -> String {
        guard let query = try? URLSplit(url).query,
            let item = query.split(separator: "&").first(where: { $0.hasPrefix(ReservedNames.state + "=") })
        else { return ReservedNames.state + "=" }
        return String(item)
    }

    /// The trace events of one actor whose text contains `text`, for checks.
    static func lines(of trace: Trace, by actor: String, containing text: String) -> [TraceEvent] {
        trace.events.filter { $0.actor == actor && $0.text.contains(text) }
    }
}
