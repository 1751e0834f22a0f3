import RoundtripAndroid
import Testing

/// Reading and writing `<intent-filter>` elements: a whole `AndroidManifest.xml` or a fragment,
/// read with Android's attribute escapes ("`<data>` element" reference: "double-escape" a
/// backslash), and matched as `IntentFilter.matchData` does.
struct ManifestTests {
    static func manifest() throws -> AndroidManifest {
        try AndroidManifest(xml: AndroidFixture.bytes("android/AndroidManifest.xml"))
    }

    @Test func readsComponentsFiltersAndData() throws {
        let manifest = try ManifestTests.manifest()
        #expect(manifest.package == "com.example.terminal")
        #expect(manifest.components.map(\.name) == [".ChargeActivity", ".MailActivity"])
        let verified = manifest.components[0].filters[0]
        #expect(verified.autoVerify)
        #expect(verified.actions == [IntentFilter.actionView])
        #expect(verified.categories == [IntentFilter.categoryDefault, IntentFilter.categoryBrowsable])
        #expect(verified.schemes == ["https"])
        #expect(verified.authorities == [.init(host: "pay.example.com"), .init(host: "*.shop.example.com")])
        #expect(
            verified.paths.map(\.description) == [
                "literal:/charge", "prefix:/receipts/", "simple-glob:/orders/.*\\.html", "advanced-glob:/items/[0-9]+",
            ]
        )
        #expect(verified.relativeFilterGroups.count == 2)
        #expect(verified.relativeFilterGroups[0].allow == false)
        #expect(verified.relativeFilterGroups[1].filters.map(\.part) == [.path, .query])
        #expect(verified.position?.line == 6)
        #expect(manifest.components[1].filters[0].schemeSpecificParts.map(\.description) == ["prefix:support@"])
    }

    static let matchCases: [(String, [AndroidManifest.Match])] = [
        ("https://pay.example.com/charge", [.init(component: ".ChargeActivity", filter: 0, category: .path)]),
        ("https://eu.shop.example.com/orders/1.html", [.init(component: ".ChargeActivity", filter: 0, category: .path)]),
        ("https://pay.example.com/orders/v1.2.html", []),  // `.*` stops at the first '.'
        ("https://pay.example.com/items/12", [.init(component: ".ChargeActivity", filter: 0, category: .path)]),
        ("https://pay.example.com/admin/x", []),
        ("https://pay.example.com/search?q=shoes", [.init(component: ".ChargeActivity", filter: 0, category: .path)]),
        ("terminal://charge", [.init(component: ".ChargeActivity", filter: 1, category: .host)]),
        ("mailto:support@example.com", [.init(component: ".MailActivity", filter: 2, category: .schemeSpecificPart)]),
        ("https://other.example.com/charge", []),
    ]

    @Test(arguments: ManifestTests.matchCases)
    func matchesURLsAgainstEveryFilter(_ url: String, _ expected: [AndroidManifest.Match]) throws {
        #expect(try ManifestTests.manifest().matches(AndroidURI(url)) == expected)
    }

    @Test func readsAFragmentOfIntentFilters() throws {
        let fragment = """
            <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <data android:scheme="https" android:host="example.com" android:port="8443" />
            </intent-filter>
            <intent-filter>
                <data android:scheme="myapp" />
            </intent-filter>
            """
        let manifest = try AndroidManifest(xml: Array(fragment.utf8))
        #expect(manifest.components.count == 1)
        #expect(manifest.components[0].name == nil)
        #expect(manifest.filters.count == 2)
        #expect(manifest.filters[0].authorities == [.init(host: "example.com", port: 8443)])
        #expect(manifest.filters[0].position?.line == 1)
        #expect(manifest.matches(AndroidURI("myapp:x")) == [.init(component: nil, filter: 1, category: .scheme)])
    }

    @Test func writesFiltersThatReadBackEqual() throws {
        let manifest = try ManifestTests.manifest()
        let xml = manifest.intentFiltersXML(indent: 4)
        let reread = try AndroidManifest(xml: Array(xml.utf8))
        #expect(reread.filters == manifest.filters)
        #expect(xml.contains(#"<data android:pathPattern="/orders/.*\\.html" />"#))
        #expect(xml.contains(#"<uri-relative-filter-group android:allow="false">"#))
    }

    @Test(arguments: ["a&b<c>\"d'e\\f", "@string/x", "?attr", "plain/path"])
    func escapesValuesForAndroidAndForXML(_ value: String) throws {
        let filter = IntentFilter(schemes: ["https"], authorities: [.init(host: "example.com")], paths: [try AndroidPattern(value, kind: .literal)])
        let reread = try AndroidManifest(xml: Array(filter.xml().utf8))
        #expect(reread.filters.first?.paths.first?.pattern == value)
    }

    @Test func anInvalidPatternNamesTheAttribute() {
        let fragment = """
            <intent-filter>
                <data android:scheme="https" android:host="example.com" />
                <data android:pathAdvancedPattern="/a**" />
            </intent-filter>
            """
        do {
            _ = try AndroidManifest(xml: Array(fragment.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidManifest)
            #expect(error.message.contains("android:pathAdvancedPattern='/a**'"))
            #expect(error.position?.line == 3)
        }
    }

    @Test(arguments: [
        "<intent-filter><data android:port=\"x\" android:host=\"a\" /></intent-filter>",
        "<intent-filter>",
        "<!DOCTYPE m [<!ENTITY a \"aaaa\">]><intent-filter />",
        "not xml at all <",
    ])
    func invalidManifestsAreTypedErrors(_ text: String) {
        do {
            _ = try AndroidManifest(xml: Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code == .invalidManifest)
        }
    }

    @Test func aManifestOverTheLimitIsNotRead() {
        let big = Array(repeating: UInt8(ascii: " "), count: AndroidManifest.maximumSize + 1)
        #expect(throws: AndroidError.self) { try AndroidManifest(xml: big) }
    }
}
