import Roundtrip
import RoundtripYAML
import Testing

/// `swiftui-source-unknown`: a `sources` policy that needs the source application refuses every
/// request a SwiftUI app receives, because `onOpenURL` never reports it.
@Suite struct SpecLinterSourceTests {
    static let header = """
        roundtrip: 1
        app: {name: T, schemes: [t]}

        """

    static func message(_ needs: String) -> String {
        "\(needs) needs the source application, which SwiftUI's onOpenURL never reports, so a SwiftUI app refuses every request here; receive URLs in a UIKit scene delegate (scene(_:openURLContexts:)), where UIOpenURLContext.options.sourceApplication says who called"
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let yaml: String
        /// Key path and message of every expected note, in order.
        let notes: [(String, String)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "app-level allow list",
            yaml: "sources: {allow: [com.example.pos]}\nactions:\n  go: {url: 't://go', convention: none}\n",
            notes: [("sources", message("an 'allow' list"))]
        ),
        Case(
            name: "app-level unknown: reject",
            yaml: "sources: {unknown: reject}\nactions:\n  go: {url: 't://go', convention: none}\n",
            notes: [("sources", message("'unknown: reject'"))]
        ),
        Case(
            name: "action-level both",
            yaml:
                "actions:\n  go: {url: 't://go', convention: none, sources: {allow: [a.b], unknown: reject}}\n  stay: {url: 't://stay', convention: none}\n",
            notes: [("actions.go.sources", message("an 'allow' list and 'unknown: reject'"))]
        ),
        Case(
            name: "app and action",
            yaml: "sources: {unknown: reject}\nactions:\n  go: {url: 't://go', convention: none, sources: {allow: [a.b]}}\n",
            notes: [("sources", message("'unknown: reject'")), ("actions.go.sources", message("an 'allow' list"))]
        ),
        Case(
            name: "deny list only",
            yaml: "sources: {deny: [com.apple.mobilesafari], unknown: allow}\nactions:\n  go: {url: 't://go', convention: none}\n",
            notes: []
        ),
        Case(
            name: "no sources",
            yaml: "actions:\n  go: {url: 't://go', convention: none}\n",
            notes: []
        ),
    ]

    @Test(arguments: cases)
    func notesPoliciesSwiftUICannotSatisfy(_ example: Case) throws {
        let loaded = try SpecLoader.load(yaml: Self.header + example.yaml)
        let notes = loaded.diagnostics.filter { $0.rule == "swiftui-source-unknown" }
        #expect(notes.map(\.keyPath) == example.notes.map(\.0))
        #expect(notes.map(\.message) == example.notes.map(\.1))
        #expect(notes.allSatisfy { $0.severity == .note })
        // The same notes straight from the linter.
        #expect(SpecLinter.lint(loaded.spec).filter { $0.rule == "swiftui-source-unknown" } == notes)
    }

    @Test func theRichFixtureIsNotedForItsOpenAction() throws {
        let notes = SpecLinter.lint(try TestSpecs.spec("rich")).filter { $0.rule == "swiftui-source-unknown" }
        #expect(notes.map(\.keyPath) == ["actions.open.sources"])
    }
}
