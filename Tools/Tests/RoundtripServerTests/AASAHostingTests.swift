import Foundation
import HummingbirdTesting
import Roundtrip
import RoundtripAndroid
import RoundtripAssociatedDomains
import RoundtripServer
import RoundtripYAML
import Testing

@Suite("AASA hosting")
struct AASAHostingTests {
    @Test("both paths answer 200 application/json with the generated file, no redirect", arguments: AssociationRoutes.paths)
    func serves(path: String) async throws {
        let expected = try AssociationGenerator.generate(from: [ServerFixture.terminal()], domain: "terminal.example.com").jsonText()
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.get(path, headers: [.hostHeader: "terminal.example.com"])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.location] == nil)
            #expect(response.text == expected)
            #expect(response.text.contains("ABCDE12345.com.example.terminal"))
            #expect(response.headers[.cacheControl]?.contains("max-age") == true)
            let tag = try #require(response.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && !tag.hasPrefix("W/"))
        }
    }

    /// Android's verifier fetches https://HOST/.well-known/assetlinks.json ("Verify Android App
    /// Links"): the same answers as the AASA file, from the specs' Android apps.
    @Test("assetlinks.json answers 200 application/json with the generated file, 304 for its ETag, 404 for another host")
    func servesAssetLinks() async throws {
        let shop = try ServerFixture.spec("app-links.yaml")
        let expected = try AssetLinksGenerator.generate(from: [shop], host: "example.org").jsonText()
        try await ServerFixture.app(specs: [shop]).test(.router) { client in
            let response = try await client.get(AssociationRoutes.assetLinksPath, headers: [.hostHeader: "Example.org:443"])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.location] == nil)
            #expect(response.text == expected)
            let tag = try #require(response.headers[.eTag])
            let again = try await client.get(AssociationRoutes.assetLinksPath, headers: [.hostHeader: "example.org", .ifNoneMatch: tag])
            #expect(again.status == .notModified)
            let head = try await client.execute(uri: AssociationRoutes.assetLinksPath, method: .head, headers: [.hostHeader: "shop.example.com"])
            #expect(head.status == .ok && head.body.readableBytes == 0)
            let unknown = try await client.get(AssociationRoutes.assetLinksPath, headers: [.hostHeader: "other.example.net"])
            #expect(unknown.status == .notFound)
            #expect(unknown.errorCode == "unknown-domain")
        }
        // A spec without an Android app hosts no assetlinks.json.
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.get(AssociationRoutes.assetLinksPath, headers: [.hostHeader: "terminal.example.com"])
            #expect(response.status == .notFound)
        }
    }

    @Test(
        "the Host's port, case and trailing dot are ignored",
        arguments: [
            "terminal.example.com:8443", "TERMINAL.Example.com", "terminal.example.com.", "terminal.example.com.:80",
        ]
    )
    func hostForms(host: String) async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: host])
            #expect(response.status == .ok)
        }
    }

    @Test("If-None-Match with the ETag gives 304 without a body; another tag gives 200")
    func conditional() async throws {
        try await ServerFixture.app().test(.router) { client in
            let first = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "terminal.example.com"])
            let tag = try #require(first.headers[.eTag])
            let again = try await client.get(
                "/.well-known/apple-app-site-association",
                headers: [.hostHeader: "terminal.example.com", .ifNoneMatch: tag]
            )
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(again.headers[.eTag] == tag)
            let list = try await client.get(
                "/apple-app-site-association",
                headers: [.hostHeader: "terminal.example.com", .ifNoneMatch: "\"nope\", \(tag)"]
            )
            #expect(list.status == .notModified)
            let star = try await client.get("/apple-app-site-association", headers: [.hostHeader: "terminal.example.com", .ifNoneMatch: "*"])
            #expect(star.status == .notModified)
            let other = try await client.get(
                "/apple-app-site-association",
                headers: [.hostHeader: "terminal.example.com", .ifNoneMatch: "\"other\""]
            )
            #expect(other.status == .ok)
        }
    }

    @Test("HEAD has the headers and no body")
    func head() async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.execute(
                uri: "/.well-known/apple-app-site-association",
                method: .head,
                headers: [.hostHeader: "terminal.example.com"]
            )
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.headers[.eTag] != nil)
            #expect(response.body.readableBytes == 0)
        }
    }

    @Test(
        "a domain no spec claims is a 404 JSON error",
        arguments: ["other.example.com", "example.com", "evil.terminal.example.com", "", "<script>"]
    )
    func unknownDomain(host: String) async throws {
        try await ServerFixture.app().test(.router) { client in
            let response = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: host])
            #expect(response.status == .notFound)
            #expect(response.errorCode == "unknown-domain")
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
        }
    }

    /// Apple's TN3155 "Debugging universal links": `applinks:*.w.example.com` is verified with the
    /// file at `https://w.example.com/.well-known/apple-app-site-association`, which also serves
    /// `applinks:w.example.com`; a specific subdomain needs its own file.
    @Test("TN3155: a wildcard is served at its apex with the apex's own claims, not on its subdomains")
    func wildcard() async throws {
        let wild = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app: {name: W, app-id: ABCDE12345.com.example.w, domains: ["*.w.example.com"]}
                actions:
                  logout: {url: "https://a.w.example.com/logout", convention: ulc}
                """
        ).spec
        let apex = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app: {name: A, app-id: ABCDE12345.com.example.a, domains: ["w.example.com", "own.w.example.com"]}
                actions:
                  home: {url: "https://w.example.com/home", convention: ulc}
                  own: {url: "https://own.w.example.com/own", convention: ulc}
                """
        ).spec
        let catalog = try AssociationCatalog(specs: [wild, apex])
        #expect(catalog.domains == ["own.w.example.com", "w.example.com"])
        #expect(catalog.files.map(\.claims) == [["own.w.example.com"], ["*.w.example.com", "w.example.com"]])
        try await ServerFixture.app(specs: [wild, apex]).test(.router) { client in
            let root = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "w.example.com"])
            let sub = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "a.w.example.com"])
            let own = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "own.w.example.com"])
            #expect(root.status == .ok)
            #expect(sub.status == .notFound)
            #expect(own.status == .ok)
            let file = try AssociationFile(json: Array(root.text.utf8))
            #expect(file.appIDs(for: .applinks) == ["ABCDE12345.com.example.w", "ABCDE12345.com.example.a"])
            #expect(try AssociationFile(json: Array(own.text.utf8)).appIDs(for: .applinks) == ["ABCDE12345.com.example.a"])
        }
    }

    /// An Android-only spec (`app.android`, no `app-id`) is verified by Android's
    /// `assetlinks.json` alone ("Verify Android App Links"): it is hosted, and its hosts answer no
    /// association file, since no iOS app claims them.
    @Test("an Android-only spec hosts its assetlinks.json and no association file")
    func androidOnlySpec() async throws {
        let spec = try SpecLoader.load(yaml: Self.androidOnlySpec).spec
        let catalog = try AssociationCatalog(specs: [spec])
        #expect(catalog.files.isEmpty)
        #expect(catalog.assetLinksFiles.map(\.domain) == ["pay.example.net"])
        try await ServerFixture.app(specs: [spec]).test(.router) { client in
            let links = try await client.get(AssociationRoutes.assetLinksPath, headers: [.hostHeader: "pay.example.net"])
            #expect(links.status == .ok)
            #expect(links.text == (try AssetLinksGenerator.generate(from: [spec], host: "pay.example.net").jsonText()))
            let association = try await client.get("/.well-known/apple-app-site-association", headers: [.hostHeader: "pay.example.net"])
            #expect(association.status == .notFound)
        }
    }

    static let androidOnlySpec = """
        roundtrip: 1
        app:
          name: Pay
          domains: [pay.example.net]
          android: {package: com.example.pay, sha256-cert-fingerprints: ["146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5"]}
        actions:
          charge: {url: "https://pay.example.net/charge", convention: none}
        """

    @Test("a spec that claims a domain without an app ID cannot be hosted")
    func missingAppID() throws {
        #expect(throws: AssociationError.self) { try AssociationCatalog(specs: [ServerFixture.spec("notes.yaml")]) }
    }

    @Test("the ETag changes exactly when the bytes do")
    func entityTags() {
        let a = HostedAssociationFile(domain: "a", bytes: Array("{}".utf8))
        let b = HostedAssociationFile(domain: "b", bytes: Array("{}".utf8))
        let c = HostedAssociationFile(domain: "a", bytes: Array("{ }".utf8))
        #expect(a.entityTag == b.entityTag)
        #expect(a.entityTag != c.entityTag)
        #expect(a.entityTag.count == 34)
    }

    @Test(
        "Host header forms",
        arguments: [
            ("Example.COM:8443", "example.com"), ("[::1]:8080", "[::1]"), ("a.b.", "a.b"), ("x", "x"), ("", ""),
        ]
    )
    func domainOfHost(host: String, domain: String) {
        #expect(AssociationCatalog.domain(ofHost: host) == domain)
    }
}
