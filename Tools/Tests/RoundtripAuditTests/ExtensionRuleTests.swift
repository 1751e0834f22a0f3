import RoundtripAudit
import Testing

@Suite("App extension rules (MASTG-TEST-0072)")
struct ExtensionRuleTests {
    static let share = "com.apple.share-services"
    static let keyboard = "com.apple.keyboard-service"

    static let cases: [(point: String, attributes: [String: any Sendable], rules: [String])] = [
        (share, ["NSExtensionActivationRule": "TRUEPREDICATE"], ["activation-truepredicate"]),
        (share, ["NSExtensionActivationRule": "  truepredicate\n"], ["activation-truepredicate"]),
        (share, ["NSExtensionActivationRule": ["NSExtensionActivationSupportsWebURLWithMaxCount": 1]], []),
        (
            share,
            [
                "NSExtensionActivationRule":
                    "SUBQUERY(extensionItems, $e, ANY $e.attachments.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.url\").@count == 1"
            ], []
        ),
        ("com.apple.ui-services", ["NSExtensionActivationRule": "TRUEPREDICATE"], ["activation-truepredicate"]),
        (keyboard, ["RequestsOpenAccess": true], ["keyboard-open-access"]),
        (keyboard, ["RequestsOpenAccess": false], ["keyboard-extension"]),
        (keyboard, [:], ["keyboard-extension"]),
        ("com.apple.widgetkit-extension", [:], []),
    ]

    @Test("extension points and their rules", arguments: cases)
    func extensionPoint(_ point: String, attributes: [String: any Sendable], rules: [String]) throws {
        let report = try AuditHelpers.audit(
            info: Plist.info(),
            extensions: [Plist.appex(bundleID: "com.example.app.ext", point: point, attributes: attributes)]
        )
        #expect(AuditHelpers.rules(report) == rules, "\(point) \(attributes)")
        let surfaced = try #require(report.surface.extensions.first)
        #expect(surfaced.identifier == point)
        #expect(surfaced.bundleID == "com.example.app.ext")
        #expect(surfaced.path == "Example.app/PlugIns/E0.appex")
    }

    @Test("the activation rule keeps its form")
    func activationRuleForms() throws {
        let report = try AuditHelpers.audit(
            info: Plist.info(),
            extensions: [
                Plist.appex(bundleID: "a", point: Self.share, attributes: ["NSExtensionActivationRule": "TRUEPREDICATE"]),
                Plist.appex(bundleID: "b", point: Self.share, attributes: ["NSExtensionActivationRule": ["NSExtensionActivationSupportsText": true]]),
            ]
        )
        #expect(
            report.surface.extensions.map(\.activationRule) == [
                .predicate("TRUEPREDICATE"),
                .dictionary(["NSExtensionActivationSupportsText": .boolean(true)]),
            ]
        )
    }
}
