import Foundation
import Roundtrip
import RoundtripAssociatedDomains
import RoundtripSimulator
import Testing

/// iOS's dispatch rules, one by one.
@Suite("Virtual device: open, canOpenURL, prompts, universal links, lifecycle")
struct VirtualDeviceTests {
    /// An app that records what it received.
    actor Recorder: AppBehavior {
        var received: [(url: String, source: String?)] = []
        var launches = 0
        func finishLaunching(_ context: AppContext) async { launches += 1 }
        func open(_ url: String, source: String?, context: AppContext) async { received.append((url, source)) }
    }

    final class Box<Value: Sendable>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    static let caller = AppManifest(name: "Caller", bundleID: "com.a.caller", teamID: "AAAAAAAAAA", queriedSchemes: ["target"])
    static let target = AppManifest(
        name: "Target",
        bundleID: "com.b.target",
        teamID: "BBBBBBBBBB",
        urlSchemes: ["target"],
        associatedDomains: ["b.example.com"]
    )
    static let sibling = AppManifest(name: "Sibling", bundleID: "com.a.sibling", teamID: "AAAAAAAAAA", urlSchemes: ["sibling"])
    static let impostor = AppManifest(
        name: "Impostor",
        bundleID: "com.evil.impostor",
        teamID: "EEEEEEEEEE",
        urlSchemes: ["target"],
        associatedDomains: ["b.example.com"]
    )

    func device(_ resolution: VirtualDevice.SchemeClaimResolution = .firstInstalled) async -> (VirtualDevice, Recorder, Recorder) {
        let device = VirtualDevice(schemeClaimResolution: resolution)
        let target = Recorder()
        let sibling = Recorder()
        await device.install(Self.caller) { Recorder() }
        await device.install(Self.target) { target }
        await device.install(Self.sibling) { sibling }
        return (device, target, sibling)
    }

    @Test func customSchemePromptsAndDelivers() async {
        let (device, target, _) = await device()
        let result = await device.open("target://do?x=1", from: Self.caller.bundleID)
        #expect(result == .init(isOpened: true, bundleID: Self.target.bundleID, isUniversalLink: false, wasPrompted: true))
        #expect(await target.received.map(\.url) == ["target://do?x=1"])
        #expect(await device.state(of: Self.target.bundleID) == .foreground)
        #expect(device.trace.events.contains { $0.kind == .prompt && $0.text.contains("“Caller” wants to open “Target”") })
    }

    @Test func cancellingThePromptOpensNothing() async {
        let (device, target, _) = await device()
        await device.setPromptAnswer(.cancel)
        let result = await device.open("target://do", from: Self.caller.bundleID)
        #expect(!result.isOpened && result.wasPrompted)
        #expect(await target.received.isEmpty)
    }

    @Test func sourceApplicationIsReportedOnlyWithinATeam() async {
        let (device, target, sibling) = await device()
        await device.open("target://x", from: Self.caller.bundleID)
        await device.open("sibling://x", from: Self.caller.bundleID)
        #expect(await target.received.first?.source == nil)
        #expect(await sibling.received.first?.source == Self.caller.bundleID)
    }

    @Test func canOpenURLNeedsLSApplicationQueriesSchemes() async {
        let (device, _, _) = await device()
        #expect(await device.canOpenURL("target://x", from: Self.caller.bundleID))
        #expect(!(await device.canOpenURL("sibling://x", from: Self.caller.bundleID)))
        #expect(device.trace.events.contains { $0.text.contains("'sibling' is not in its LSApplicationQueriesSchemes") })
        #expect(await device.canOpenURL("https://anything.example/", from: Self.caller.bundleID))
    }

    @Test func unknownSchemeAndInvalidURLFail() async {
        let (device, _, _) = await device()
        #expect(!(await device.open("nobody://x", from: Self.caller.bundleID).isOpened))
        #expect(!(await device.open("not a url", from: Self.caller.bundleID).isOpened))
    }

    @Test(arguments: [
        (VirtualDevice.SchemeClaimResolution.firstInstalled, "com.b.target"),
        (.lastInstalled, "com.evil.impostor"),
    ])
    func contestedSchemeFollowsTheChosenResolution(resolution: VirtualDevice.SchemeClaimResolution, winner: String) async {
        let (device, _, _) = await device(resolution)
        await device.install(Self.impostor) { Recorder() }
        #expect(await device.open("target://x", from: Self.caller.bundleID).bundleID == winner)
        #expect(device.trace.events.contains { $0.text.contains("2 apps register 'target:'") })
    }

    @Test func randomResolutionIsReproducibleFromItsSeed() async {
        func winners(seed: UInt64) async -> [String?] {
            let (device, _, _) = await device(.random(seed: seed))
            await device.install(Self.impostor) { Recorder() }
            var result: [String?] = []
            for _ in 0..<12 { result.append(await device.open("target://x", from: Self.caller.bundleID).bundleID) }
            return result
        }
        let first = await winners(seed: 7)
        #expect(first == (await winners(seed: 7)))
        #expect(Set(first).count == 2, "both claimants win sometimes: \(first)")
    }

    func hostTarget(_ device: VirtualDevice, paths: String = #"[{"/": "/app/private/*", "exclude": true}, {"/": "/app/*"}]"#) async throws {
        let json = #"{"applinks": {"details": [{"appIDs": ["BBBBBBBBBB.com.b.target"], "components": "# + paths + "}]}}"
        await device.host(domain: "b.example.com", association: try AssociationFile(json: Array(json.utf8)))
    }

    @Test func universalLinksOpenTheAppTheAASANamesWithoutAPrompt() async throws {
        let (device, target, _) = await device()
        await device.install(Self.impostor) { Recorder() }
        try await hostTarget(device)
        let result = await device.open("https://b.example.com/app/item?id=1", from: Self.caller.bundleID)
        #expect(result == .init(isOpened: true, bundleID: Self.target.bundleID, isUniversalLink: true, wasPrompted: false))
        #expect(await target.received.count == 1)
        #expect(!device.trace.events.contains { $0.kind == .prompt })
    }

    @Test(arguments: [
        "https://b.example.com/other", "https://b.example.com/app/private/x", "https://unserved.example.com/app/x", "http://b.example.com/app/x",
    ])
    func unmatchedWebURLsOpenInSafari(url: String) async throws {
        let (device, target, _) = await device()
        try await hostTarget(device)
        let result = await device.open(url, from: Self.caller.bundleID)
        #expect(result.bundleID == VirtualDevice.safari)
        #expect(await device.pagesOpenedInSafari == [url])
        #expect(await target.received.isEmpty)
        #expect(!(await device.open(url, from: Self.caller.bundleID, universalLinksOnly: true).isOpened))
    }

    @Test func anAppMustClaimTheDomainInItsEntitlements() async throws {
        let device = VirtualDevice()
        var unclaimed = Self.target
        unclaimed.associatedDomains = []
        let recorder = Recorder()
        await device.install(unclaimed) { recorder }
        try await hostTarget(device)
        #expect(await device.open("https://b.example.com/app/x", from: nil).bundleID == VirtualDevice.safari)
    }

    @Test func forceQuitLosesMemoryButNotDisk() async throws {
        let device = VirtualDevice()
        let launches = Box(LaunchCounter())
        await device.install(Self.target) { Recorder() }
        await device.launch(Self.target.bundleID)
        let disk = try #require(await device.disk(of: Self.target.bundleID))
        let stored: LaunchCounter = disk.value("counter") { launches.value }
        await device.sendToBackground(Self.target.bundleID)
        #expect(await device.state(of: Self.target.bundleID) == .background)
        await device.forceQuit(Self.target.bundleID)
        #expect(await device.state(of: Self.target.bundleID) == .notRunning)
        await device.launch(Self.target.bundleID)
        let again: LaunchCounter = disk.value("counter") { LaunchCounter() }
        #expect(stored === again, "the app's disk survives a force-quit")
        let events = device.trace.events.filter { $0.kind == .lifecycle }.map(\.text)
        #expect(events.contains("force-quit Target"))
        #expect(events.filter { $0.contains("launched from the home screen") }.count == 2)
    }

    final class LaunchCounter: @unchecked Sendable {}

    @Test func heldStartupRunsWhenReleased() async throws {
        let device = VirtualDevice()
        let recorder = Recorder()
        await device.install(Self.target) { recorder }
        await device.holdStartup(of: Self.target.bundleID)
        await device.open("target://x", from: nil)
        #expect(await recorder.launches == 0)
        await device.finishStartup(of: Self.target.bundleID)
        #expect(await recorder.launches == 1)
    }

    @Test func clockAdvancesOnlyWhenTold() async {
        let device = VirtualDevice()
        let start = device.clock.now
        await device.wait(20)
        #expect(device.clock.now.timeIntervalSince(start) == 20)
        #expect(device.trace.rendered().contains("[ 20.000s] iOS"))
    }
}
