import RoundtripYAML
import Testing

@testable import Roundtrip

/// Findings about an action's routes name the route when `url` lists several, and a scheme that
/// several routes share is noted once.
@Suite("Spec lint: findings about routes")
struct SpecLinterRouteTests {
    @Test func aListOfRoutesIsNamedRouteByRouteAndEachSchemeNotedOnce() throws {
        let yaml =
            SpecLinterParameterTests.header + """
                actions:
                  create:
                    url: ['t://x-callback-url/create', 't://create', 'old://create', 'https://other.example.com/create']
                    convention: x-callback-url
                  open: {url: 't://open', convention: none}

                """
        let findings = try SpecLoader.load(yaml: yaml).diagnostics
            .filter { $0.rule.hasPrefix("custom-scheme") || $0.rule.hasPrefix("route-") }
            .map { "\($0.rule) \($0.keyPath)" }
        #expect(
            findings == [
                "custom-scheme-hijackable actions.create.url[0]",
                "route-scheme-not-registered actions.create.url[2]",
                "custom-scheme-hijackable actions.create.url[2]",
                "route-domain-not-associated actions.create.url[3]",
                "custom-scheme-hijackable actions.open.url",
            ]
        )
    }
}
