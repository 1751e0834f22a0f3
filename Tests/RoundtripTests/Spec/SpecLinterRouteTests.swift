import Roundtrip
import RoundtripYAML
import Testing

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

/// A rest or host placeholder that takes the near misses of other actions' routes is flagged;
/// one with a literal prefix of its own, or a scheme of its own, is not.
@Suite("Spec lint: rest and host placeholders that shadow other routes")
struct SpecLinterRoutePlaceholderTests {
    static func findings(_ actions: String) throws -> [String] {
        let yaml = "roundtrip: 1\napp: {name: T, schemes: [notes, web]}\nactions:\n" + actions
        return try SpecLoader.load(yaml: yaml).diagnostics
            .filter { ["rest-shadows-routes", "host-placeholder-shadows-hosts"].contains($0.rule) }
            .map { "\($0.severity) \($0.rule) \($0.keyPath): \($0.message)" }
    }

    @Test func aRestPlaceholderOverOtherActionsRoutesIsAWarning() throws {
        let found = try Self.findings(
            """
              open-path: {url: "notes:///:path*", convention: none}
              open-note: {url: "notes:///open/:id", convention: none}
              settings: {url: "notes:///settings", convention: none}
              other-host: {url: "notes://elsewhere/x", convention: none}

            """
        )
        #expect(
            found == [
                "warning rest-shadows-routes actions.open-path.url: the rest placeholder ':path*' of 'notes:///:path*' also takes every URL under its prefix that the routes of actions 'open-note' and 'settings' miss (an extra segment, a trailing '/', a misspelt segment), so those reach 'open-path' instead of being refused as unknown-route; give it a literal segment of its own before ':path*' (such as '/open/:path*')"
            ]
        )
    }

    @Test func aHostPlaceholderBesideLiteralHostsIsANote() throws {
        let found = try Self.findings(
            """
              open-web: {url: ["web://:host/:rest*", "web://:host/page/:rest*"], convention: none}
              home: {url: "web://home/start", convention: none}

            """
        )
        #expect(
            found == [
                "note host-placeholder-shadows-hosts actions.open-web.url[0]: the host placeholder ':host' of 'web://:host/:rest*' also takes the URLs of host 'home' that no route of those hosts matches, so they reach 'open-web' instead of being refused as unknown-route; check 'host' in the handler, or use a scheme of its own",
                "note host-placeholder-shadows-hosts actions.open-web.url[1]: the host placeholder ':host' of 'web://:host/page/:rest*' also takes the URLs of host 'home' that no route of those hosts matches, so they reach 'open-web' instead of being refused as unknown-route; check 'host' in the handler, or use a scheme of its own",
            ]
        )
    }

    @Test func placeholdersWithRoomOfTheirOwnAreNotFlagged() throws {
        let found = try Self.findings(
            """
              open-path: {url: "notes:///files/:path*", convention: none}
              open-note: {url: "notes:///open/:id", convention: none}
              open-web: {url: "web://:host/:rest*", convention: none}

            """
        )
        #expect(found.isEmpty)
    }
}
