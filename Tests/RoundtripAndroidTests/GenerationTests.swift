import Roundtrip
import RoundtripAndroid
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// `assetlinks.json` files and intent filters generated from specs: statements per package,
/// routes as path attributes or dynamic rules, a wildcard verified with its root domain's file.
@Suite("Android: generated from specs")
struct GenerationTests {
    static let fingerprint = AndroidFixture.fingerprint

    static func shop(dynamicRules: Bool = false) throws -> Spec {
        var spec = try SpecLoader.load(contentsOf: Fixture.repositoryPath("Tests/Fixtures/specs/app-links.yaml")).spec
        spec.app.android?.dynamicRules = dynamicRules
        return spec
    }

    static func spec(_ yaml: String) throws -> Spec {
        try SpecLoader.load(yaml: "roundtrip: 1\n" + yaml).spec
    }

    @Test func eachPackageGetsAStatementWithTheCanonicalFingerprint() throws {
        let file = try AssetLinksGenerator.generate(from: [Self.shop()], host: "shop.example.com")
        #expect(
            file.jsonText() == """
                [
                  {
                    "relation": [
                      "delegate_permission/common.handle_all_urls",
                      "delegate_permission/common.get_login_creds"
                    ],
                    "target": {
                      "namespace": "android_app",
                      "package_name": "com.example.shop",
                      "sha256_cert_fingerprints": [
                        "\(Self.fingerprint)"
                      ]
                    }
                  },
                  {
                    "relation": [
                      "delegate_permission/common.handle_all_urls",
                      "delegate_permission/common.get_login_creds"
                    ],
                    "target": {
                      "namespace": "android_app",
                      "package_name": "com.example.shop.debug",
                      "sha256_cert_fingerprints": [
                        "\(Self.fingerprint)"
                      ]
                    }
                  }
                ]

                """
        )
        // What the generator writes, the linter accepts without an error.
        #expect(AssetLinksLinter.lint(file).allSatisfy { $0.severity != .error })
    }

    @Test func dynamicRulesAllowExactlyTheRoutesOfTheHost() throws {
        let file = try AssetLinksGenerator.generate(from: [Self.shop(dynamicRules: true)], host: "shop.example.com")
        let rules = try #require(file.statements.first?.dynamicRules)
        #expect(
            rules == [
                DynamicAppLinkRule(path: "/products/*", comments: "action product (none)"),
                DynamicAppLinkRule(path: "/products/*/reviews", comments: "action reviews (none)"),
                DynamicAppLinkRule(path: "/pages/*", comments: "action page (none)"),
                DynamicAppLinkRule(path: "/receipts/latest.v2.html", comments: "action receipt (none)"),
            ]
        )
        #expect(file.statements.allSatisfy { $0.dynamicRules == rules })
        let matcher = AssetLinksMatcher(file)
        for (url, opens) in [
            ("https://shop.example.com/products/12", true), ("https://shop.example.com/products/12/reviews", true),
            ("https://shop.example.com/pages/help/returns", true), ("https://shop.example.com/receipts/latest.v2.html", true),
            ("https://shop.example.com/cart", false), ("https://shop.example.com/receipts/latestXv2.html", false),
        ] {
            let result = try matcher.match(url, package: "com.example.shop", fingerprint: Self.fingerprint.lowercased())
            #expect(result.isVerified, "\(url)")
            #expect(result.opensApp == opens, "\(url)")
        }
    }

    /// "Verify Android App Links": a wildcard host is verified with the root domain's file, so
    /// that file's rules hold the routes of every host the wildcard covers.
    @Test func aWildcardsRootFileHoldsTheRulesOfEveryHostItCovers() throws {
        let specs = [try Self.shop(dynamicRules: true)]
        #expect(AssetLinksGenerator.hosts(of: specs) == ["shop.example.com", "example.org"])
        let generated = AssetLinksGenerator.generate(from: specs)
        #expect(generated.map(\.claims) == [["shop.example.com"], ["example.org", "*.example.org"]])
        let root = try #require(generated.last)
        #expect(root.file == (try AssetLinksGenerator.generate(from: specs, host: "*.example.org")))
        #expect(
            root.file.statements.first?.dynamicRules == [
                DynamicAppLinkRule(path: "/", comments: "action home (none)"),
                DynamicAppLinkRule(path: "/checkout", comments: "action checkout (none)"),
            ]
        )
    }

    @Test(
        "the file of a host no spec claims, or whose specs describe no Android app, is refused",
        arguments: [
            (
                "nowhere.example.net", "unknown-domain",
                "no spec claims the domain 'nowhere.example.net'; the specs' files are for shop.example.com, example.org"
            ),
            (
                "eu.example.org", "unknown-domain",
                "no spec claims 'eu.example.org' on its own: '*.example.org' is verified with the file of example.org (\"Verify Android App Links\"), so generate for example.org, or add eu.example.org to app.domains to give it a file of its own"
            ),
            (
                "other.example.com", "missing-android-app",
                "the spec of 'Other' claims other.example.com but describes no Android app; add 'android: {package: …, sha256-cert-fingerprints: […]}' under app:"
            ),
        ]
    )
    func refusals(host: String, code: String, message: String) throws {
        let other = try Self.spec("app: {name: Other, domains: [other.example.com]}\nactions: {}\n")
        let error = try #require(throws: AndroidError.self) { try AssetLinksGenerator.generate(from: [Self.shop(), other], host: host) }
        #expect(error.code.rawValue == code)
        #expect(error.message == message)
    }

    @Test func packagesOfSeveralSpecsAreListedOnce() throws {
        let yaml =
            "app: {name: B, domains: [shop.example.com], android: {packages: [com.example.shop, com.example.b], sha256-cert-fingerprints: \(Self.fingerprint)}}\nactions: {}\n"
        let file = try AssetLinksGenerator.generate(from: [Self.shop(), Self.spec(yaml)], host: "Shop.Example.com")
        #expect(file.statements.compactMap(\.target?.packageName) == ["com.example.shop", "com.example.shop.debug", "com.example.b"])
        #expect(file.statements.last?.relations == [.handleAllURLs])
    }

    @Test func theIntentFiltersOfTheSpec() throws {
        let xml = IntentFilterGenerator.manifest(for: try Self.shop()).intentFiltersXML()
        #expect(
            xml == """
                <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
                    <data android:host="shop.example.com" />
                    <data android:pathPrefix="/products/" />
                    <data android:pathPattern="/products/.*/reviews" />
                    <data android:pathPrefix="/pages/" />
                    <data android:path="/receipts/latest.v2.html" />
                </intent-filter>
                <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
                    <data android:host="example.org" />
                    <data android:path="/" />
                </intent-filter>
                <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
                    <data android:host="*.example.org" />
                    <data android:path="/checkout" />
                </intent-filter>
                <intent-filter>
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="com-example-shop" />
                    <data android:host="product" />
                    <data android:pathPrefix="/" />
                </intent-filter>

                """
        )
        // The text reads back as the same filters.
        #expect(try AndroidManifest(xml: Array(xml.utf8)).filters == IntentFilterGenerator.filters(for: Self.shop()))
    }

    @Test func withDynamicRulesTheVerifiedFilterNamesSchemeAndHostsOnly() throws {
        let filters = IntentFilterGenerator.filters(for: try Self.shop(dynamicRules: true))
        #expect(filters.first == IntentFilter.appLinks(hosts: ["shop.example.com", "example.org", "*.example.org"]))
        #expect(filters.count == 2)
        #expect(filters.last?.schemes == ["com-example-shop"] && filters.last?.autoVerify == false)
    }

    /// Hosts that take the same paths share a filter; a host never takes another's paths.
    @Test func hostsWithTheSamePathsShareAFilterAndCustomSchemesNeverPoolWithHTTPS() throws {
        let spec = try Self.spec(
            """
            app: {name: A, schemes: [Notes, other], domains: [A.example.com, b.example.com, c.example.com]}
            actions:
              x: {url: ["https://a.example.com/x", "https://b.example.com/x", "https://c.example.com/y"], convention: none}
              n: {url: "notes://open/note", convention: none}
              m: {url: "notes:///any", convention: none}
            """
        )
        let filters = IntentFilterGenerator.filters(for: spec)
        #expect(filters.map(\.authorities.count) == [2, 1, 0, 0])
        #expect(filters[0].authorities.map(\.host) == ["a.example.com", "b.example.com"])
        #expect(filters[1].paths.map(\.pattern) == ["/y"])
        // A route without a host takes every URL of its scheme: the filter names the scheme alone.
        #expect(filters[2].schemes == ["notes"] && filters[2].paths.isEmpty)
        // A scheme without routes still opens the app.
        #expect(filters[3].schemes == ["other"])
        #expect(filters.filter(\.autoVerify).allSatisfy { $0.schemes == ["https"] })
    }

    @Test(
        "a route's path as Android reads it",
        arguments: [
            ("https://e.com/a/b", AndroidPattern.Kind.literal, "/a/b", "/a/b", false),
            ("https://e.com/a/b/", .literal, "/a/b/", "/a/b/", false),
            ("https://e.com", .literal, "/", "/", false),
            ("todolist://www.acme.com", .literal, "", "/", false),
            ("https://e.com/a/:id", .prefix, "/a/", "/a/*", false),
            ("https://e.com/a/:rest*", .prefix, "/a/", "/a/*", false),
            ("https://e.com/:id", .prefix, "/", "/*", false),
            ("https://e.com/a/:id/b", .simpleGlob, "/a/.*/b", "/a/*/b", true),
            ("https://e.com/:a/:b", .simpleGlob, "/.*/.*", "/*/*", true),
            ("https://e.com/v1.2/:id/x*y", .simpleGlob, "/v1\\.2/.*/x\\*y", "/v1.2/*/x?y", true),
            ("https://e.com/caf%C3%A9/a%20b", .literal, "/café/a b", "/café/a b", false),
        ]
    )
    func routePaths(route: String, kind: AndroidPattern.Kind, pattern: String, rule: String, differs: Bool) throws {
        let path = AndroidRoutePath(try RoutePattern(route))
        #expect(path.manifestPattern == (try AndroidPattern(pattern, kind: kind)))
        #expect(path.dynamicRulePath == rule)
        #expect(path.differsFromApple == differs)
    }

    /// Android's glob never backtracks: the pattern takes one segment where Apple's `?*` takes any.
    @Test func aPlaceholderBeforeMoreSegmentsTakesOneSegmentOnAndroid() throws {
        let pattern = AndroidRoutePath(try RoutePattern("https://e.com/products/:id/reviews")).manifestPattern
        #expect(pattern.matches("/products/12/reviews"))
        #expect(!pattern.matches("/products/1/2/reviews"))
    }
}
