import Foundation
import Roundtrip
import RoundtripSimulator

/// InnerFence's "2-way app integration on the iPhone": a point-of-sale app asks the card terminal to charge, with a return URL that
/// carries its own `record_id` and Roundtrip's `rt-state` nonce; the terminal answers with
/// `ifcc_` parameters; a forged, unsolicited answer and a replay are rejected.
enum CardTerminalScenario {
    struct Charge: Decodable, Sendable {
        var amount: Decimal
        var currency: String
        var invoiceNumber: String?
    }

    static let pos = AppManifest(
        name: "RingItUp POS",
        bundleID: "com.pingysoft.ringitup",
        teamID: "PNGYSFT001",
        urlSchemes: ["pos-app"],
        queriedSchemes: ["com-innerfence-ccterminal"]
    )
    static let terminal = AppManifest(
        name: "Card Terminal",
        bundleID: "com.innerfence.ccterminal",
        teamID: "INNRFNC001",
        urlSchemes: ["com-innerfence-ccterminal"]
    )

    @Sendable static func run() async throws -> ScenarioReport {
        let device = VirtualDevice()
        let spec = try ScenarioSupport.spec(ScenarioSpecs.cardTerminal)
        let endpoint = try Endpoint(spec: spec)
        await device.install(pos) { [nonces = device.nonces] in CallingApp(nonces: nonces) }
        await device.install(terminal) {
            ReceivingApp(endpoint: endpoint) { receiver, context in
                receiver.on("charge", as: Charge.self) { charge, _ in
                    context.log("the user swipes a card: \(charge.amount) \(charge.currency), invoice \(charge.invoiceNumber ?? "none")")
                    return Reply(outcome: "approved", parameters: [QueryItem(name: "transactionId", value: "T-1001")])
                }
            }
        }
        var checks = CheckList()
        device.trace.record("demo", .note, "RingItUp taps “Accept Credit Card Payment” for record 123")
        let canOpen = await device.canOpenURL("com-innerfence-ccterminal://charge/1.0.0/", from: pos.bundleID)
        checks.expect(canOpen, "RingItUp may ask whether the terminal is installed (LSApplicationQueriesSchemes)")
        let response = try await device.run(in: pos.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            return try await caller.call(
                "charge",
                to: RequestBuilder(partner: spec),
                parameters: [QueryItem(name: "amount", value: "12.50"), QueryItem(name: "invoiceNumber", value: "123")],
                callback: "pos-app://charge-result?record_id=123",
                continuation: Data(#"{"record_id":123}"#.utf8)
            )
        }
        checks.expect(response.outcome == "approved", "the charge comes back approved")
        checks.expect(response.parameters["transactionId"] == "T-1001", "the ifcc_ response parameters arrive without their prefix")
        checks.expect(
            response.url.contains("record_id=123") && response.url.contains("ifcc_responseType=approved"),
            "the caller's own record_id is preserved in the return URL"
        )
        checks.expect(
            String(decoding: response.continuation ?? Data(), as: UTF8.self) == #"{"record_id":123}"#,
            "the continuation restores record 123"
        )

        device.trace.record("demo", .note, "a web page forges an approval without the nonce")
        await device.open("pos-app://charge-result?record_id=123&ifcc_responseType=approved&ifcc_transactionId=FAKE", from: VirtualDevice.safari)
        let forged = ScenarioSupport.lines(of: device.trace, by: pos.name, containing: "rejected a callback: unsolicited-response")
        checks.expect(forged.count == 1, "the forged, unsolicited answer is rejected (unsolicited-response)")

        device.trace.record("demo", .note, "someone replays the genuine answer")
        await device.open(response.url, from: terminal.bundleID)
        let replayed = ScenarioSupport.lines(of: device.trace, by: pos.name, containing: "rejected a callback: replayed")
        checks.expect(replayed.count == 1, "a replay of the genuine answer is rejected (replayed)")
        return ScenarioReport(
            title: "Point of sale → card terminal → back, with returnURL, rt-state and ifcc_",
            source: "InnerFence, \"2-way app integration on the iPhone\"",
            trace: device.trace,
            checks: checks.checks
        )
    }
}
