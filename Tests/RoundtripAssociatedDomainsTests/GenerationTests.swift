import Roundtrip
import RoundtripAssociatedDomains
import RoundtripYAML
import Testing

@Suite("Generation from specs")
struct GenerationTests {
    static func spec(name: String = "Shop", appID: String? = "A1B2C3D4E5.com.example.shop", domains: [String], actions: String) throws -> Spec {
        let appIDLine = appID.map { "\n  app-id: \($0)" } ?? ""
        let yaml = """
            roundtrip: 1
            app:
              name: \(name)\(appIDLine)
              schemes: [\(name.lowercased())-app]
              domains: [\(domains.joined(separator: ", "))]
            actions:
            \(actions)
            """
        return try SpecLoader.load(yaml: yaml).spec
    }

    static let shopActions = """
          logout:
            url: https://shop.example.com/logout
            convention: ulc
          item:
            url: https://shop.example.com/items/:id/view
            convention: ulc
          other-domain:
            url: https://elsewhere.example.com/x
            convention: ulc
          scheme:
            url: shop-app://open
            convention: none
        """

    @Test func routesOfTheDomainBecomeComponents() throws {
        let spec = try GenerationTests.spec(domains: ["shop.example.com"], actions: GenerationTests.shopActions)
        let file = try AssociationGenerator.generate(from: [spec], domain: "shop.example.com")
        let detail = try #require(file.applinks?.details.first)
        #expect(detail.appIDs == ["A1B2C3D4E5.com.example.shop"])
        #expect(detail.components?.map(\.path) == ["/logout", "/items/?*/view"])
        #expect(detail.components?.first?.comment == "action logout (ulc)")
        #expect(AssociationLinter.lint(file.jsonBytes()).isEmpty)
        // The generated file claims exactly the routes.
        let matcher = AssociationMatcher(file)
        #expect(try matcher.match("https://shop.example.com/logout").isMatched)
        #expect(try matcher.match("https://shop.example.com/items/42/view").isMatched)
        #expect(try !matcher.match("https://shop.example.com/items//view").isMatched)
        #expect(try !matcher.match("https://shop.example.com/other").isMatched)
    }

    @Test func severalSpecsOnOneDomainAreSeveralDetails() throws {
        let shop = try GenerationTests.spec(domains: ["shop.example.com"], actions: GenerationTests.shopActions)
        let admin = try GenerationTests.spec(
            name: "Admin",
            appID: "A1B2C3D4E5.com.example.admin",
            domains: ["shop.example.com", "admin.example.com"],
            actions: """
                  admin:
                    url: https://shop.example.com/admin/*stuff
                    convention: ulc
                """
        )
        let all = try AssociationGenerator.generate(from: [shop, admin])
        #expect(all.map(\.domain) == ["shop.example.com", "admin.example.com"])
        let details = try #require(all.first?.file.applinks?.details)
        #expect(details.map(\.apps) == [["A1B2C3D4E5.com.example.shop"], ["A1B2C3D4E5.com.example.admin"]])
        // Literal wildcard characters are escaped so they stay literal.
        #expect(details[1].components?.first?.path == "/admin/%2Astuff")
        let matcher = AssociationMatcher(all[0].file)
        #expect(try matcher.match("https://shop.example.com/admin/*stuff").appID == "A1B2C3D4E5.com.example.admin")
        #expect(try !matcher.match("https://shop.example.com/admin/xstuff").isMatched)
        // No route on admin.example.com: no detail there.
        #expect(all[1].file.applinks?.details.isEmpty == true)
    }

    @Test func missingAppIDIsReported() throws {
        let spec = try GenerationTests.spec(appID: nil, domains: ["shop.example.com"], actions: GenerationTests.shopActions)
        do {
            _ = try AssociationGenerator.generate(from: [spec], domain: "shop.example.com")
            Issue.record("expected missing-app-id")
        } catch {
            #expect(error.code == .missingAppID)
            #expect(error.message.contains("app-id: TEAMID.bundle.id"))
        }
    }

    @Test func unknownDomainIsReported() throws {
        let spec = try GenerationTests.spec(domains: ["shop.example.com"], actions: GenerationTests.shopActions)
        do {
            _ = try AssociationGenerator.generate(from: [spec], domain: "nope.example.com")
            Issue.record("expected unknown-domain")
        } catch {
            #expect(error.code == .unknownDomain)
            #expect(error.message.contains("shop.example.com"))
        }
    }

    @Test func domainsAreNormalised() throws {
        let spec = Spec(app: AppDescription(name: "Shop", domains: ["Shop.Example.com?mode=developer", "applinks:shop.example.com"]), actions: [])
        #expect(AssociationGenerator.domains(of: [spec]) == ["shop.example.com"])
    }
}
