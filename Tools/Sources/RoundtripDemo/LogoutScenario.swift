import Foundation
import Roundtrip
import RoundtripSimulator

/// Imprivata's "iOS App Logout via Universal Link Callback": a Universal Link Callback logout. The app is force-quit right after the ULC
/// arrives, answers after relaunch, retries a failing logout inside the 20-second budget, never
/// prompts, and answers a repeated ULC without logging out twice.
enum LogoutScenario {
    static let locker = AppManifest(
        name: "Locker",
        bundleID: "com.imprivata.b2b.locker",
        teamID: "Y3692ZXX5N",
        associatedDomains: ["locker.example.com"]
    )
    static let ehr = AppManifest(name: "Charts EHR", bundleID: "com.example.ehr", teamID: "EHRTEAM001", associatedDomains: ["ehr.example.com"])

    /// Counts logout attempts across launches.
    final class Attempts: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }

    @Sendable static func run() async throws -> ScenarioReport {
        let device = VirtualDevice()
        let spec = try ScenarioSupport.spec(ScenarioSpecs.ehr)
        let endpoint = try Endpoint(spec: spec)
        let attempts = Attempts()
        let clock = device.clock
        let trace = device.trace
        await device.host(
            domain: "ehr.example.com",
            association: try ScenarioSupport.association(
                #"{"applinks": {"details": [{"appIDs": ["EHRTEAM001.com.example.ehr"], "components": [{"/": "/logout"}]}]}}"#
            )
        )
        await device.host(
            domain: "locker.example.com",
            association: try ScenarioSupport.association(
                #"{"applinks": {"details": [{"appIDs": ["Y3692ZXX5N.com.imprivata.b2b.locker"], "components": [{"/": "/ulc/*"}]}]}}"#
            )
        )
        await device.install(locker) { [nonces = device.nonces] in CallingApp(nonces: nonces) }
        await device.install(ehr) {
            ReceivingApp(
                endpoint: endpoint,
                ulcAction: { _, attempt in
                    let count = attempts.next()
                    clock.advance(by: 4)
                    if count == 1 {
                        trace.record(ehr.name, .app, "logout attempt \(attempt): the session server times out (4 s)")
                        throw SimulatorError(message: "session server timed out")
                    }
                    trace.record(ehr.name, .app, "logout attempt \(attempt): session closed, cache purged, push disabled (4 s)")
                }
            )
        }
        var checks = CheckList()
        await device.holdStartup(of: ehr.bundleID)
        device.trace.record("demo", .note, "Locker logs the shared device out of every app")
        let request = try await device.run(in: locker.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            return try await caller.send("logout", to: RequestBuilder(partner: spec), callback: "https://locker.example.com/ulc")
        }
        checks.expect(await device.state(of: ehr.bundleID) == .foreground, "the ULC opens Charts EHR as a verified universal link")
        device.trace.record("demo", .note, "the App Lock force-quits Charts EHR before its startup finishes")
        await device.forceQuit(ehr.bundleID)
        await device.wait(2)
        await device.holdStartup(of: ehr.bundleID, false)
        await device.launch(ehr.bundleID)
        let lockerCaller = try await device.run(in: locker.bundleID) { behavior, _ in try ScenarioSupport.callingApp(behavior) }
        let accepted = await lockerCaller.accepted
        checks.expect(
            accepted.count == 1 && accepted.first?.outcome == "success",
            "after relaunch Charts EHR answers ulc-success and Locker accepts it"
        )
        checks.expect(attempts.count == 2, "the failed logout is retried before calling ulc-error (2 attempts)")
        let elapsed = accepted.first.map { _ in device.clock.now.timeIntervalSince(request.pending?.createdAt ?? device.clock.now) } ?? 0
        checks.expect(elapsed <= 20, "the answer arrives inside the 20-second budget (\(Int(elapsed)) s)")

        device.trace.record("demo", .note, "Locker thinks the app stalled and sends the same ULC again")
        await device.open(request.url, from: locker.bundleID)
        checks.expect(attempts.count == 2, "the repeated ULC does not log out twice")
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: locker.name, containing: "rejected a callback: replayed").isEmpty,
            "Locker accepts the answer once; the repeat is a replay"
        )
        checks.expect(!device.trace.events.contains { $0.kind == .prompt }, "no prompt appears during the Universal Link Callback")
        return ScenarioReport(
            title: "Universal Link Callback logout, force-quit in the middle",
            source: "Imprivata, \"iOS App Logout via Universal Link Callback\"",
            trace: device.trace,
            checks: checks.checks
        )
    }
}
