import Roundtrip
import RoundtripAssociatedDomains
import RoundtripSimulator
import Testing

/// Apple's TN3155 "Debugging universal links": a wildcard claim is verified with the apex's file,
/// a specific subdomain with its own.
@Suite("Virtual device: TN3155's apex rule")
struct ApexVerificationTests {
    actor Recorder: AppBehavior {
        var received: [String] = []
        func finishLaunching(_ context: AppContext) async {}
        func open(_ url: String, source: String?, context: AppContext) async { received.append(url) }
    }

    static let wild = AppManifest(name: "Wild", bundleID: "com.w.wild", teamID: "WWWWWWWWWW", associatedDomains: ["*.example.com"])
    static let exact = AppManifest(name: "Exact", bundleID: "com.x.exact", teamID: "XXXXXXXXXX", associatedDomains: ["shop.example.com"])

    static func file(_ appID: String) throws -> AssociationFile {
        try AssociationFile(json: Array(#"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [{"/": "/*"}]}]}}"#.utf8))
    }

    /// A device with one app installed and a file naming it hosted for `domain`.
    static func device(with manifest: AppManifest, hosting domain: String) async throws -> (VirtualDevice, Recorder) {
        let device = VirtualDevice()
        let app = Recorder()
        await device.install(manifest) { app }
        await device.host(domain: domain, association: try file(manifest.appID))
        return (device, app)
    }

    @Test("TN3155: a wildcard link is verified with the apex's file")
    func wildcardUsesTheApexFile() async throws {
        let (device, app) = try await Self.device(with: Self.wild, hosting: "example.com")
        let result = await device.open("https://shop.example.com/buy", from: VirtualDevice.safari)
        #expect(result == .init(isOpened: true, bundleID: Self.wild.bundleID, isUniversalLink: true, wasPrompted: false))
        #expect(await app.received == ["https://shop.example.com/buy"])
        #expect(device.trace.events.contains { $0.text.contains("verified by example.com's apple-app-site-association") })
    }

    @Test("TN3155: a file on the subdomain does not verify a wildcard claim")
    func subdomainFileIsNotReadForAWildcard() async throws {
        let (device, app) = try await Self.device(with: Self.wild, hosting: "shop.example.com")
        let result = await device.open("https://shop.example.com/buy", from: VirtualDevice.safari)
        #expect(result.bundleID == VirtualDevice.safari)
        #expect(await app.received.isEmpty)
        // The wildcard does not cover the apex itself, even with the apex's file hosted.
        await device.host(domain: "example.com", association: try Self.file(Self.wild.appID))
        #expect(await device.open("https://example.com/buy", from: VirtualDevice.safari).bundleID == VirtualDevice.safari)
    }

    @Test("TN3155: a specific subdomain is verified with its own file, not the apex's")
    func exactClaimUsesItsOwnFile() async throws {
        let (device, _) = try await Self.device(with: Self.exact, hosting: "example.com")
        #expect(await device.open("https://shop.example.com/buy", from: VirtualDevice.safari).bundleID == VirtualDevice.safari)
        await device.host(domain: "shop.example.com", association: try Self.file(Self.exact.appID))
        #expect(await device.open("https://shop.example.com/buy", from: VirtualDevice.safari).bundleID == Self.exact.bundleID)
    }
}
