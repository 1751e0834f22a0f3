import Foundation
import Roundtrip
import RoundtripSimulator

/// "Application integration using the iPhone SDK" (Trein and iNap): Trein opens iNap with latitude, longitude and title — no missing and no extra
/// parameters accepted.
enum INapScenario {
    static let iNap = AppManifest(name: "iNap", bundleID: "nl.example.inap", teamID: "INAPTEAM01", urlSchemes: ["myapp"])
    static let trein = AppManifest(name: "Trein", bundleID: "nl.example.trein", teamID: "TREINTEAM1")

    struct Destination: Decodable, Sendable {
        var latitude: Double
        var longitude: Double
        var title: String
    }

    @Sendable static func run() async throws -> ScenarioReport {
        let device = VirtualDevice()
        let endpoint = try Endpoint(spec: try ScenarioSupport.spec(ScenarioSpecs.iNap))
        await device.install(trein) { ScriptedApp { _, _, _ in } }
        await device.install(iNap) {
            ReceivingApp(endpoint: endpoint) { receiver, context in
                receiver.on("activate-destination", as: Destination.self) { destination, _ in
                    context.log("wakes you at “\(destination.title)” (\(destination.latitude), \(destination.longitude))")
                    return .success()
                }
            }
        }
        var checks = CheckList()
        await device.open("myapp://myapp?latitude=51.3&longitude=5.2&title=middle%20of%20nowhere", from: trein.bundleID)
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: iNap.name, containing: "wakes you at “middle of nowhere” (51.3, 5.2)").isEmpty,
            "the destination is accepted"
        )
        await device.open("myapp://myapp?latitude=51.3&longitude=5.2&title=x&alarm=loud", from: trein.bundleID)
        checks.expect(
            !ScenarioSupport.lines(
                of: device.trace,
                by: iNap.name,
                containing: "rejected unknown-parameter: the action 'activate-destination' does not take a parameter 'alarm'"
            ).isEmpty,
            "an extra parameter is rejected"
        )
        await device.open("myapp://myapp?latitude=51.3&longitude=5.2", from: trein.bundleID)
        checks.expect(
            !ScenarioSupport.lines(
                of: device.trace,
                by: iNap.name,
                containing: "rejected missing-parameter: the action 'activate-destination' requires the parameter 'title'"
            ).isEmpty,
            "a missing parameter is rejected"
        )
        await device.open("myapp://myapp?latitude=95&longitude=5.2&title=x", from: trein.bundleID)
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: iNap.name, containing: "the maximum is 90").isEmpty,
            "a latitude beyond 90 is rejected"
        )
        return ScenarioReport(
            title: "Latitude, longitude and title — exactly these parameters",
            source: "\"Application integration using the iPhone SDK\" (Trein and iNap)",
            trace: device.trace,
            checks: checks.checks
        )
    }
}
