import Roundtrip
import RoundtripAssociatedDomains
import RoundtripYAML
import Testing

/// Apple's TN3155 "Debugging universal links": `applinks:*.example.com` is verified with the file
/// at `https://example.com/.well-known/apple-app-site-association`, the apex's, which also serves
/// `applinks:example.com`; a specific subdomain (`www.example.com`) needs a file of its own.
@Suite("Generation: TN3155's apex rule and every service")
struct ApexGenerationTests {
    static func spec(_ name: String, domains: [String], routes: [String], app: String = "") throws -> Spec {
        var actions = ""
        for (index, route) in routes.enumerated() {
            actions += "  a\(index): {url: \"\(route)\", convention: ulc}\n"
        }
        let yaml = """
            roundtrip: 1
            app: {name: \(name), app-id: ABCDE12345.com.example.\(name.lowercased()), domains: [\(domains.map { "\"\($0)\"" }.joined(separator: ", "))]\(app)}
            actions:
            \(actions.isEmpty ? "  {}\n" : actions)
            """
        return try SpecLoader.load(yaml: yaml).spec
    }

    static func specs() throws -> [Spec] {
        [
            try spec("Wild", domains: ["*.example.com"], routes: ["https://shop.example.com/buy", "https://a.b.example.com/deep"]),
            try spec("Apex", domains: ["example.com"], routes: ["https://example.com/home"]),
            try spec("Www", domains: ["www.example.com"], routes: ["https://www.example.com/w"]),
        ]
    }

    @Test("TN3155: a wildcard's file is the apex's, one per apex, a specific subdomain has its own")
    func oneFilePerApex() throws {
        let specs = try Self.specs()
        #expect(AssociationGenerator.domains(of: specs) == ["example.com", "www.example.com"])
        let generated = try AssociationGenerator.generate(from: specs)
        #expect(generated.map(\.domain) == ["example.com", "www.example.com"])
        #expect(generated.map(\.claims) == [["*.example.com", "example.com"], ["www.example.com"]])
        let apex = generated[0].file
        #expect(apex.applinks?.details.map(\.apps) == [["ABCDE12345.com.example.wild"], ["ABCDE12345.com.example.apex"]])
        #expect(apex.applinks?.details.map { $0.components?.map(\.path) } == [["/buy", "/deep"], ["/home"]])
        #expect(generated[1].file.applinks?.details.map(\.apps) == [["ABCDE12345.com.example.www"]])
        #expect(AssociationLinter.lint(apex.jsonBytes()).isEmpty)
    }

    @Test("TN3155: the wildcard and the apex name the same file")
    func wildcardAndApexNameOneFile() throws {
        let specs = try Self.specs()
        let byWildcard = try AssociationGenerator.generate(from: specs, domain: "*.example.com")
        #expect(byWildcard == (try AssociationGenerator.generate(from: specs, domain: "Example.com")))
        // The apex's file decides the wildcard's links, whatever subdomain they are on.
        let matcher = AssociationMatcher(byWildcard)
        #expect(try matcher.match("https://shop.example.com/buy").appID == "ABCDE12345.com.example.wild")
        #expect(try matcher.match("https://example.com/home").appID == "ABCDE12345.com.example.apex")
    }

    @Test("TN3155: a subdomain covered only by a wildcard has no file of its own")
    func subdomainUnderAWildcard() throws {
        let specs = try Self.specs()
        #expect {
            try AssociationGenerator.generate(from: specs, domain: "shop.example.com")
        } throws: { error in
            let error = try #require(error as? AssociationError)
            return error.code == .unknownDomain
                && error.message
                    == "no spec claims 'shop.example.com' on its own: '*.example.com' is verified with the file of example.com (Apple's TN3155), so generate for example.com, or add shop.example.com to app.domains to give it a file of its own"
        }
    }

    @Test func anUnclaimedDomainListsTheFiles() throws {
        #expect {
            try AssociationGenerator.generate(from: try Self.specs(), domain: "other.org")
        } throws: { error in
            (error as? AssociationError)?.message == "no spec claims the domain 'other.org'; the specs' files are for example.com, www.example.com"
        }
    }

    @Test("webcredentials and app-clip add their services to the file of every claimed domain")
    func services() throws {
        let notes = try Self.spec(
            "Notes",
            domains: ["*.notes.example.com", "login.example.com"],
            routes: ["https://x.notes.example.com/n"],
            app: ", webcredentials: true, app-clip: ABCDE12345.com.example.notes.Clip"
        )
        let plain = try Self.spec("Plain", domains: ["notes.example.com"], routes: ["https://notes.example.com/p"])
        let generated = try AssociationGenerator.generate(from: [notes, plain])
        #expect(generated.map(\.domain) == ["notes.example.com", "login.example.com"])
        let file = generated[0].file
        #expect(file.webcredentials == ServiceApps(apps: ["ABCDE12345.com.example.notes"]))
        #expect(file.appclips == ServiceApps(apps: ["ABCDE12345.com.example.notes.Clip"]))
        #expect(file.offers(.webcredentials, to: "ABCDE12345.com.example.notes"))
        #expect(!file.offers(.webcredentials, to: "ABCDE12345.com.example.plain"))
        #expect(file.appIDs(for: .applinks) == ["ABCDE12345.com.example.notes", "ABCDE12345.com.example.plain"])
        // A domain with services and no universal-link route has no applinks section.
        let login = generated[1].file
        #expect(login.applinks == nil)
        #expect(login.appIDs(for: .appclips) == ["ABCDE12345.com.example.notes.Clip"])
        #expect(AssociationLinter.lint(login.jsonBytes()).isEmpty)
        let decoded = try AssociationFile(json: file.jsonBytes())
        #expect(decoded == file)
    }
}

/// TN3155's rule on details, and the shape of the `webcredentials` and `appclips` sections.
@Suite("Lint: TN3155 details and service sections")
struct ServiceLintTests {
    static func findings(_ json: String) -> [LintFinding] { AssociationLinter.lint(Array(json.utf8)) }

    @Test("TN3155: paths and components in one details entry is an error")
    func pathsAndComponents() throws {
        let json = #"{"applinks": {"details": [{"appIDs": ["A1B2C3D4E5.com.a"], "components": [{"/": "/a"}], "paths": ["/a"]}]}}"#
        let finding = try #require(Self.findings(json).first { $0.rule == "mixed-paths-components" })
        #expect(finding.severity == .error)
        #expect(finding.path == "applinks.details[0]")
        #expect(finding.message.contains("Apple's TN3155 (Debugging universal links) names this as breaking universal links"))
    }

    @Test(arguments: [
        (#"{"webcredentials": {"apps": []}}"#, "service-no-apps", "webcredentials.apps", "'webcredentials.apps' is empty"),
        (#"{"appclips": {"apps": []}}"#, "service-no-apps", "appclips.apps", "'appclips.apps' is empty"),
        (
            #"{"webcredentials": {"apps": ["A1B2C3D4E5.com.a", "A1B2C3D4E5.com.a"]}}"#, "duplicate-app", "webcredentials.apps[1]",
            "'A1B2C3D4E5.com.a' is listed more than once in webcredentials.apps"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["A1B2C3D4E5.com.a"], "components": [{"/": "/a"}]}]}, "appclips": {"apps": ["A1B2C3D4E5.com.a"]}}"#,
            "appclip-is-full-app", "appclips.apps[0]", "such as A1B2C3D4E5.com.a.Clip",
        ),
        (#"{"appclips": {"apps": ["com.a.Clip"]}}"#, "app-id-format", "appclips.apps[0]", "'com.a.Clip' is not an app ID"),
        (#"{"webcredentials": {"apps": "A1B2C3D4E5.com.a"}}"#, "schema", "webcredentials.apps", "wrap the string in [ ]"),
        (#"{"appclips": {}}"#, "schema", "appclips", "appclips has no 'apps' array"),
    ])
    func serviceShape(json: String, rule: String, path: String, message: String) throws {
        let finding = try #require(Self.findings(json).first { $0.rule == rule }, "\(Self.findings(json))")
        #expect(finding.path == path)
        #expect(finding.message.contains(message), "\(finding.message)")
    }

    @Test("TN3155: a subdomain answering 404 is pointed at the apex's file")
    func subdomainNotFound() throws {
        let url = "https://shop.example.com/.well-known/apple-app-site-association"
        let findings = AssociationLinter.lintServing(HTTPExchange(url: url, status: 404, headers: ["Content-Type": "application/json"]))
        #expect(findings.map(\.rule) == ["serving-status", "wildcard-apex"])
        #expect(findings.last?.severity == .note)
        #expect(
            findings.last?.message
                == "if this host is claimed only through a wildcard (applinks:*.example.com), no file is needed here: iOS verifies a wildcard with the apex's file, https://example.com/.well-known/apple-app-site-association (Apple's TN3155); check that one instead"
        )
        // The apex itself has no wildcard above it worth naming.
        let apex = AssociationLinter.lintServing(
            HTTPExchange(
                url: "https://example.com/.well-known/apple-app-site-association",
                status: 404,
                headers: ["Content-Type": "application/json"]
            )
        )
        #expect(apex.map(\.rule) == ["serving-status"])
    }

    @Test func wellFormedServicesAreClean() {
        let json = #"{"webcredentials": {"apps": ["A1B2C3D4E5.com.a"]}, "appclips": {"apps": ["A1B2C3D4E5.com.a.Clip"]}}"#
        #expect(Self.findings(json).isEmpty)
    }
}
