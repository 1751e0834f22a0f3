import Foundation
import Roundtrip
import RoundtripSimulator

/// A point-of-sale app charges through a payment terminal whose URL API has its own shape
/// (`convention: custom`): the callback travels inside the JSON object of the `data` request
/// parameter (at the RFC 6901 JSON Pointer `/callback_url`), and the answer comes back as one
/// JSON object (RFC 8259) in the callback's `data` parameter, signed with the terminal's Ed25519
/// key. The same callback policy as for the three conventions refuses a forged request whose
/// callback is `javascript:`, and the signature refuses forged answers.
enum JSONTerminalScenario {
    /// The request's JSON object, as the terminal's handler reads it.
    struct Charge: Decodable, Sendable {
        struct Payment: Decodable, Sendable {
            var amount: Int
            var currency: String
            var reference: String
        }
        var data: Payment
    }

    /// The answer's declared fields, as the point of sale reads them.
    struct ChargeResult: Decodable, Sendable {
        var transactionID: String
        var approvedAmount: Int

        enum CodingKeys: String, CodingKey {
            case transactionID = "transaction_id"
            case approvedAmount = "approved_amount"
        }
    }

    static let pos = AppManifest(
        name: "Corner Shop POS",
        bundleID: "com.example.cornershop",
        teamID: "CORNERS001",
        urlSchemes: ["shop"],
        queriedSchemes: ["paydevice"]
    )
    static let terminal = AppManifest(
        name: "Pay Device",
        bundleID: "com.example.paydevice",
        teamID: "PAYDEV0001",
        urlSchemes: ["paydevice"]
    )
    static let impostor = AppManifest(
        name: "Free Terminal",
        bundleID: "com.evil.freeterminal",
        teamID: "EVILTEAM03",
        urlSchemes: ["paydevice"]
    )

    /// The terminal's answer key. Fixed bytes keep the demo's trace reproducible; a real app
    /// makes its key with a secure random source and keeps the private half in the Keychain.
    static func terminalSigner() throws -> RequestSigner {
        try RequestSigner(keyID: "paydevice-2026", algorithm: .ed25519, bytes: Array(repeating: 0x3C, count: 32))
    }

    /// A key of the same id that is not the terminal's: what an impostor can sign with.
    static func impostorSigner() throws -> RequestSigner {
        try RequestSigner(keyID: "paydevice-2026", algorithm: .ed25519, bytes: Array(repeating: 0x66, count: 32))
    }

    static let payment = QueryItem(name: "data", value: #"{"amount":1250,"currency":"EUR","reference":"sale-42"}"#)

    @Sendable static func run() async throws -> ScenarioReport {
        let device = VirtualDevice(schemeClaimResolution: .lastInstalled)
        let signer = try terminalSigner()
        let spec = try ScenarioSupport.spec(ScenarioSpecs.jsonTerminal(publicKey: Data(signer.key.publicKey ?? []).base64EncodedString()))
        let endpoint = try Endpoint(spec: spec)
        await device.install(pos) { [nonces = device.nonces] in CallingApp(nonces: nonces) }
        await device.install(terminal) {
            ReceivingApp(
                endpoint: endpoint,
                handlers: { receiver, context in
                    receiver.on("charge", as: Charge.self) { charge, _ in
                        let payment = charge.data
                        context.log("the customer taps a card: \(payment.amount) cents \(payment.currency), reference \(payment.reference)")
                        return Reply(
                            outcome: "success",
                            parameters: [
                                QueryItem(name: "transaction_id", value: "T-2001"), QueryItem(name: "approved_amount", value: "\(payment.amount)"),
                            ]
                        )
                    }
                },
                answerSigner: signer
            )
        }
        var checks = CheckList()
        let posApp = try await device.run(in: pos.bundleID) { behavior, _ in try ScenarioSupport.callingApp(behavior) }

        device.trace.record("demo", .note, "1. Corner Shop charges 12.50 EUR; the callback goes inside the JSON of 'data', at /callback_url")
        let response = try await device.run(in: pos.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            return try await caller.call("charge", to: RequestBuilder(partner: spec), parameters: [payment], callback: "shop://paid")
        }
        let result = try? response.decode(ChargeResult.self)
        checks.expect(
            response.outcome == "success" && result?.transactionID == "T-2001" && result?.approvedAmount == 1250,
            "the terminal's JSON answer (status ok) is accepted as a typed success: transaction T-2001, 1250 cents"
        )
        checks.expect(
            response.request.answers?.signatures == .required && response.url.contains("rt-sig="),
            "the answer is verified with the terminal's public key the ledger recorded when the request was sent"
        )

        device.trace.record("demo", .note, "2. A web page forges a charge whose callback is javascript:")
        let forgedRequest = #"{"amount":1,"currency":"EUR","reference":"x","callback_url":"javascript:alert(document.cookie)"}"#
        await device.open(
            "paydevice://payment/create?" + QueryCodec.encode([QueryItem(name: "data", value: forgedRequest)]),
            from: VirtualDevice.safari
        )
        checks.expect(
            ScenarioSupport.lines(of: device.trace, by: terminal.name, containing: "rejected forbidden-callback").count == 1,
            "the terminal refuses the javascript: callback found inside the JSON (forbidden-callback) and opens nothing"
        )

        device.trace.record("demo", .note, "3. An impostor app registers 'paydevice:' and receives Corner Shop's next charge")
        let genuine = response.url
        await device.install(impostor) {
            ScriptedApp { url, _, context in
                guard let callback = stolenCallback(url), let state = try? URLSplit(callback).query else { return }
                context.log("⚠ read the callback and its rt-state from the JSON of 'data'")
                context.log("⚠ replays the genuine signed answer of step 1 on the stolen rt-state, its transaction id changed")
                let tampered = genuine.replacingOccurrences(of: ScenarioSupport.stateItem(of: genuine), with: state)
                    .replacingOccurrences(of: "T-2001", with: "T-9999")
                _ = await context.opener.open(URL(string: tampered)!, universalLinksOnly: false)
                context.log("⚠ answers approved, signed with its own key under the terminal's key id")
                let answer =
                    callback + "&"
                    + QueryCodec.encode([QueryItem(name: "data", value: #"{"status":"ok","transaction_id":"T-6666","approved_amount":1250}"#)])
                if let key = try? impostorSigner().key,
                    let signed = try? AnswerSignature.sign(
                        answer,
                        keyID: "paydevice-2026",
                        key: key,
                        timestamp: Int64(context.clock.now.timeIntervalSince1970.rounded(.down))
                    )
                {
                    _ = await context.opener.open(URL(string: signed)!, universalLinksOnly: false)
                }
            }
        }
        let rejectedBefore = await posApp.rejected.count
        _ = try await device.run(in: pos.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            return try await caller.send("charge", to: RequestBuilder(partner: spec), parameters: [payment], callback: "shop://paid")
        }
        let rejected = await posApp.rejected.dropFirst(rejectedBefore).map(\.code)
        checks.expect(rejected.first == .badSignature, "the genuine answer with its JSON tampered no longer verifies: refused as bad-signature")
        checks.expect(
            rejected.dropFirst().first == .badSignature,
            "an answer signed with another key than the terminal's is refused as bad-signature"
        )
        let pending = try await device.run(in: pos.bundleID) { behavior, context in
            try await ScenarioSupport.callingApp(behavior).caller(context).pendingRequests().count
        }
        checks.expect(pending == 1, "neither forgery consumes the pending charge: the genuine answer could still arrive")
        return ScenarioReport(
            title: "Point of sale → payment terminal in its own shape (callback and signed answer in JSON) → back",
            source: "convention: custom; RFC 6901 JSON Pointer, RFC 8259 JSON, RFC 8032 Ed25519",
            trace: device.trace,
            checks: checks.checks
        )
    }

    /// The callback an impostor reads from a request: the `/callback_url` member of `data`.
    private static func stolenCallback(_ url: String) -> String? {
        guard let query = try? URLSplit(url).query, let items = try? QueryCodec.decode(query),
            let data = items.first(where: { $0.name == "data" })?.value,
            let object = try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
        else { return nil }
        return object["callback_url"] as? String
    }
}
