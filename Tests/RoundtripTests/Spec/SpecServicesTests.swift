import Roundtrip
import RoundtripYAML
import Testing

/// `app.webcredentials` and `app.app-clip`, and the port rule of `app.domains`.
@Suite("Spec: associated-domain services and ports")
struct SpecServicesTests {
    static func yaml(_ app: String) -> String {
        "roundtrip: 1\napp: {name: A, app-id: ABCDE12345.com.example.a, domains: [a.example.com]\(app)}\nactions: {}\n"
    }

    @Test func servicesAreReadIntoTheAppDescription() throws {
        let spec = try SpecLoader.load(yaml: Self.yaml(", webcredentials: true, app-clip: ABCDE12345.com.example.a.Clip")).spec
        #expect(spec.app.services == AppServices(webCredentials: true, appClip: "ABCDE12345.com.example.a.Clip"))
        #expect(!spec.app.services.isEmpty)
    }

    @Test func withoutTheKeysThereAreNoServices() throws {
        let spec = try SpecLoader.load(yaml: Self.yaml("")).spec
        #expect(spec.app.services == AppServices())
        #expect(spec.app.services.isEmpty)
    }

    @Test(
        "an App Clip ID is TEAMID.bundle.id of the app's team, extending its bundle ID",
        arguments: [
            ("com.example.a.Clip", "is not an App Clip's app ID; write TEAMID.bundle.id.Clip"),
            ("abcde12345.com.example.a.Clip", "is not an App Clip's app ID"),
            ("ZZZZZ99999.com.example.a.Clip", "must share the team and extend the bundle ID of the app-id 'ABCDE12345.com.example.a'"),
            ("ABCDE12345.com.example.other.Clip", "as in ABCDE12345.com.example.a.Clip"),
        ]
    )
    func badAppClip(clip: String, message: String) throws {
        let diagnostic = specLoadError(Self.yaml(", app-clip: \(clip)"), rule: "invalid-app-clip", path: "app.app-clip")
        #expect(diagnostic?.message.contains(message) == true, "\(String(describing: diagnostic?.message))")
    }

    @Test func webcredentialsIsABoolean() {
        let diagnostic = specLoadError(Self.yaml(", webcredentials: sometimes"), rule: "wrong-type", path: "app.webcredentials")
        #expect(diagnostic?.message == "expected true or false, found 'sometimes'")
    }

    /// Apple's associated-domains entitlement has no port: iOS fetches the file over https.
    @Test func aPortInADomainIsNamed() {
        let yaml = "roundtrip: 1\napp: {name: A, domains: [\"a.example.com:8443\"]}\nactions: {}\n"
        let diagnostic = specLoadError(yaml, rule: "invalid-domain", path: "app.domains[0]")
        #expect(
            diagnostic?.message
                == "'a.example.com:8443' has a port; associated domains take none (iOS fetches the association file over https on port 443). Write 'a.example.com'"
        )
    }

    /// TN3155: a wildcard is verified with the apex's file; anything else with its own.
    @Test(arguments: [
        ("*.example.com", "example.com"), ("*.Shop.Example.com", "shop.example.com"), ("www.example.com", "www.example.com"),
        ("Example.com", "example.com"),
    ])
    func fileDomainOfAClaim(claim: String, domain: String) {
        #expect(AssociatedDomainPattern(claim).fileDomain == domain)
    }
}
