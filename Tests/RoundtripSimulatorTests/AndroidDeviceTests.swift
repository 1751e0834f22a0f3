import RoundtripAndroid
import RoundtripSimulator
import Testing

/// The Android device: App Links verified host by host, the browser for what is not verified,
/// the chooser for a shared custom scheme, and Android 15's dynamic rules.
struct AndroidDeviceTests {
    static let key = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let otherKey = String(repeating: "AB:", count: 31) + "AB"

    static func file(_ package: String = "com.example.shop", rules: String? = nil) throws -> AssetLinksFile {
        let extensions = rules.map {
            #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#($0)}}"#
        }
        let json = """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "\(package)", "sha256_cert_fingerprints": ["\(key)"]}\(extensions ?? "")}]
            """
        return try AssetLinksFile(json: Array(json.utf8))
    }

    static func shop(hosts: [String] = ["shop.example", "pay.example"], key: String = key) -> InstalledAndroidApp {
        InstalledAndroidApp(name: "Shop", package: "com.example.shop", fingerprint: key, filters: [IntentFilter.appLinks(hosts: hosts)])
    }

    static func schemeApp(_ package: String, scheme: String) -> InstalledAndroidApp {
        var filter = IntentFilter.appLinks(schemes: [scheme], hosts: [])
        filter.autoVerify = false
        return InstalledAndroidApp(name: package, package: package, fingerprint: otherKey, filters: [filter])
    }

    @Test func aVerifiedHostOpensTheAppAndAnUnverifiedOneTheBrowser() async throws {
        let phone = AndroidDevice()
        await phone.host(domain: "shop.example", assetLinks: try Self.file())
        // pay.example serves no file: on Android 12+ only that host fails.
        await phone.install(Self.shop())
        #expect(await phone.verifiedHosts(of: "com.example.shop") == ["shop.example"])
        #expect(await phone.open("https://shop.example/items/1") == .app("com.example.shop"))
        #expect(await phone.open("https://pay.example/checkout") == .browser)
        #expect(await phone.open("https://elsewhere.example/") == .browser)
    }

    @Test func beforeAndroid12OneFailingHostFailsThemAll() async throws {
        let phone = AndroidDevice(apiLevel: 30)
        await phone.host(domain: "shop.example", assetLinks: try Self.file())
        await phone.install(Self.shop())
        #expect(await phone.verifiedHosts(of: "com.example.shop").isEmpty)
        #expect(await phone.open("https://shop.example/items/1") == .browser)
    }

    @Test func theSigningKeyMustBeTheOneTheFileNames() async throws {
        let phone = AndroidDevice()
        await phone.host(domain: "shop.example", assetLinks: try Self.file())
        await phone.install(Self.shop(hosts: ["shop.example"], key: Self.otherKey))
        #expect(await phone.open("https://shop.example/items/1") == .browser)
    }

    @Test func aWildcardHostIsVerifiedWithTheRootsFile() async throws {
        let phone = AndroidDevice()
        await phone.host(domain: "shop.example", assetLinks: try Self.file())
        await phone.install(Self.shop(hosts: ["*.shop.example"]))
        #expect(await phone.open("https://eu.shop.example/items/1") == .app("com.example.shop"))
    }

    @Test func aCustomSchemeOfTwoAppsShowsTheChooser() async throws {
        let phone = AndroidDevice()
        await phone.install(Self.schemeApp("com.example.shop", scheme: "shop"))
        #expect(await phone.open("shop://pay?amount=1") == .app("com.example.shop"))
        // Any app may declare the same scheme: the user is asked, and may pick the wrong one.
        await phone.install(Self.schemeApp("com.evil.catcher", scheme: "shop"))
        #expect(await phone.open("shop://pay?amount=1") == .chooser(["com.example.shop", "com.evil.catcher"]))
        #expect(await phone.open("nobody://x") == .nothing)
    }

    @Test(arguments: [
        (35, "https://shop.example/admin/users", AndroidDevice.Destination.browser),
        (34, "https://shop.example/admin/users", .app("com.example.shop")), (35, "https://shop.example/receipts/9", .app("com.example.shop")),
        (35, "https://shop.example/other", .browser),
    ])
    func dynamicRulesNarrowWhatOpensTheApp(apiLevel: Int, url: String, expected: AndroidDevice.Destination) async throws {
        let phone = AndroidDevice(apiLevel: apiLevel)
        let rules = #"[{"/": "/admin/*", "exclude": true}, {"/": "/receipts/*"}]"#
        await phone.host(domain: "shop.example", assetLinks: try Self.file(rules: rules))
        await phone.install(Self.shop(hosts: ["shop.example"]))
        #expect(await phone.open(url) == expected)
    }
}
