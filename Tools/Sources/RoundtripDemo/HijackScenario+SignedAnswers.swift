import Foundation
import Roundtrip
import RoundtripSimulator

/// The hijack scenario's second half: a partner that has only a custom scheme (no domain for a
/// universal link) signs its answers. An app that hijacks its scheme still receives the request
/// and its `rt-state`, but it cannot sign: its forged approval is refused as
/// `missing-signature`, and a genuine signed answer it tampers with as `bad-signature`.
extension HijackScenario {
    static let terminal = AppManifest(
        name: "Pay Terminal",
        bundleID: "com.example.payterminal",
        teamID: "PAYTERM001",
        urlSchemes: ["payterm"]
    )
    static let coupons = AppManifest(
        name: "Coupon Finder",
        bundleID: "com.evil.coupons",
        teamID: "EVILTEAM02",
        urlSchemes: ["payterm"]
    )

    /// The terminal's answer key. Fixed bytes keep the demo's trace reproducible; a real app
    /// makes its key with a secure random source and keeps the private half in the Keychain.
    static func terminalSigner() throws -> RequestSigner {
        try RequestSigner(keyID: "terminal-2026", algorithm: .ed25519, bytes: Array(repeating: 0x2A, count: 32))
    }

    /// Steps 4 and 5 on `device`, where Wallet is installed and `walletApp` is its running app.
    static func signedAnswers(on device: VirtualDevice, walletApp: CallingApp, checks: inout CheckList) async throws {
        let signer = try terminalSigner()
        let spec = try ScenarioSupport.spec(ScenarioSpecs.payTerminal(publicKey: Data(signer.key.publicKey ?? []).base64EncodedString()))
        let endpoint = try Endpoint(spec: spec)
        await device.install(terminal) {
            ReceivingApp(
                endpoint: endpoint,
                handlers: { receiver, context in
                    receiver.on("charge", as: Payment.self) { payment, _ in
                        context.log("the user confirms paying \(payment.amount) to \(payment.payee)")
                        return Reply(outcome: "approved")
                    }
                },
                answerSigner: signer
            )
        }
        let parameters = [QueryItem(name: "amount", value: "40.00"), QueryItem(name: "payee", value: "Corner Cafe")]

        device.trace.record("demo", .note, "4. Wallet pays through Pay Terminal, which has only a custom scheme and signs its answers")
        try await charge(on: device, spec: spec, parameters: parameters)
        let genuine = await walletApp.accepted.last
        checks.expect(
            genuine?.request.action == "charge" && genuine?.outcome == "approved" && genuine?.request.answers?.signatures == .required,
            "the terminal's signed approval is verified with the public key the ledger recorded when the request was sent"
        )
        let captured = genuine?.url ?? ""

        device.trace.record("demo", .note, "5. A second malicious app registers 'payterm:' and receives Wallet's next payment")
        await device.install(coupons) {
            ScriptedApp { url, _, context in
                context.log("⚠ received a request meant for the terminal: \(url)")
                guard let split = try? URLSplit(url), let query = split.query, let items = try? QueryCodec.decode(query),
                    let returnURL = items.first(where: { $0.name == "returnURL" })?.value,
                    let state = try? URLSplit(returnURL).query.flatMap({ try QueryCodec.decode($0).first { $0.name == ReservedNames.state }?.value })
                else { return }
                context.log("⚠ forges an unsigned approval on the stolen return URL")
                _ = await context.opener.open(URL(string: returnURL + "&term_responseType=approved")!, universalLinksOnly: false)
                context.log("⚠ replays the genuine signed approval of step 4 with the stolen rt-state")
                let tampered = captured.replacingOccurrences(of: ScenarioSupport.stateItem(of: captured), with: ReservedNames.state + "=" + state)
                _ = await context.opener.open(URL(string: tampered)!, universalLinksOnly: false)
            }
        }
        let rejectedBefore = await walletApp.rejected.count
        try await charge(on: device, spec: spec, parameters: parameters)
        let rejected = await walletApp.rejected.dropFirst(rejectedBefore).map(\.code)
        checks.expect(
            !ScenarioSupport.lines(of: device.trace, by: coupons.name, containing: "received a request meant for the terminal").isEmpty,
            "the malicious app receives the request and its rt-state, as over any custom scheme"
        )
        checks.expect(rejected.first == .missingSignature, "its forged approval carries no signature: refused as missing-signature")
        checks.expect(
            rejected.dropFirst().first == .badSignature,
            "the genuine signed approval, moved onto the stolen rt-state, no longer verifies: refused as bad-signature"
        )
        let pending = try await device.run(in: wallet.bundleID) { behavior, context in
            try await ScenarioSupport.callingApp(behavior).caller(context).pendingRequests().count
        }
        checks.expect(pending == 1, "neither forgery consumes the pending request: the genuine answer could still arrive")
    }

    /// Wallet sends a payment request to the terminal, coming back on `wallet://signed`.
    private static func charge(on device: VirtualDevice, spec: Spec, parameters: [QueryItem]) async throws {
        _ = try await device.run(in: wallet.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            return try await caller.send("charge", to: RequestBuilder(partner: spec), parameters: parameters, callback: "wallet://signed")
        }
    }
}
