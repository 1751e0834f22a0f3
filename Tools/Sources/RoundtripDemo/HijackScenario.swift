import Foundation
import Roundtrip
import RoundtripSimulator

/// David Thiel's "iOS Application Security", chapter 8: a malicious app registers the bank's custom scheme and steals a payment request
/// (iOS gives a contested scheme to either app). Universal links, verified by the domain's
/// apple-app-site-association, cannot be claimed that way, and `rt-state` rejects answers
/// forged without the nonce. A partner with only a custom scheme signs its answers instead, so
/// an approval forged with the stolen nonce is refused too.
enum HijackScenario {
    static let wallet = AppManifest(
        name: "Wallet",
        bundleID: "com.example.wallet",
        teamID: "WALLET0001",
        urlSchemes: ["wallet"],
        associatedDomains: ["wallet.example.com"]
    )
    static let bank = AppManifest(
        name: "Bank",
        bundleID: "com.example.bank",
        teamID: "BANKTEAM01",
        urlSchemes: ["bankpay"],
        associatedDomains: ["bank.example.com"]
    )
    static let flashlight = AppManifest(
        name: "Free Flashlight",
        bundleID: "com.evil.flashlight",
        teamID: "EVILTEAM01",
        urlSchemes: ["bankpay"],
        associatedDomains: ["bank.example.com", "wallet.example.com"]
    )

    struct Payment: Decodable, Sendable {
        var amount: Decimal
        var payee: String
    }

    @Sendable static func run() async throws -> ScenarioReport {
        let device = VirtualDevice(schemeClaimResolution: .lastInstalled)
        let spec = try ScenarioSupport.spec(ScenarioSpecs.bank)
        let endpoint = try Endpoint(spec: spec)
        await device.host(
            domain: "bank.example.com",
            association: try ScenarioSupport.association(
                #"{"applinks": {"details": [{"appIDs": ["BANKTEAM01.com.example.bank"], "components": [{"/": "/pay"}]}]}}"#
            )
        )
        await device.host(
            domain: "wallet.example.com",
            association: try ScenarioSupport.association(
                #"{"applinks": {"details": [{"appIDs": ["WALLET0001.com.example.wallet"], "components": [{"/": "/paid"}]}]}}"#
            )
        )
        await device.install(wallet) { [nonces = device.nonces] in CallingApp(nonces: nonces) }
        await device.install(bank) {
            ReceivingApp(endpoint: endpoint) { receiver, context in
                for action in ["pay", "pay-link"] {
                    receiver.on(action, as: Payment.self) { payment, _ in
                        context.log("the user confirms paying \(payment.amount) to \(payment.payee)")
                        return Reply(outcome: "approved")
                    }
                }
            }
        }
        // Installed last: on this device it wins the contested 'bankpay:' scheme.
        await device.install(flashlight) {
            ScriptedApp { url, _, context in
                context.log("⚠ received a request meant for the bank: \(url)")
                guard let split = try? URLSplit(url), let query = split.query,
                    let items = try? QueryCodec.decode(query), let returnURL = items.first(where: { $0.name == "returnURL" })?.value
                else { return }
                context.log("⚠ forges an approval on the stolen return URL")
                _ = await context.opener.open(URL(string: returnURL + "&bank_responseType=approved")!, universalLinksOnly: false)
            }
        }
        var checks = CheckList()
        let parameters = [QueryItem(name: "amount", value: "250.00"), QueryItem(name: "payee", value: "ACME Rent")]

        device.trace.record("demo", .note, "1. Wallet pays through the bank's custom scheme")
        _ = try await device.run(in: wallet.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            return try await caller.send("pay", to: RequestBuilder(partner: spec), parameters: parameters, callback: "wallet://paid")
        }
        let walletApp = try await device.run(in: wallet.bundleID) { behavior, _ in try ScenarioSupport.callingApp(behavior) }
        let hijacked = !ScenarioSupport.lines(of: device.trace, by: flashlight.name, containing: "received a request meant for the bank").isEmpty
        checks.expect(hijacked, "over a custom scheme the malicious app can receive the request (iOS's choice between two apps is undefined)")
        let forgedAccepted = await walletApp.accepted.count
        checks.expect(
            forgedAccepted == 1,
            "…and, holding the request's nonce, its forged approval is accepted: never use custom schemes for sensitive actions"
        )

        device.trace.record("demo", .note, "2. Wallet pays through the bank's universal link, and asks to come back on its own")
        _ = try await device.run(in: wallet.bundleID) { behavior, context in
            let caller = try await ScenarioSupport.callingApp(behavior).caller(context)
            return try await caller.send(
                "pay-link",
                to: RequestBuilder(partner: spec),
                parameters: parameters,
                callback: "https://wallet.example.com/paid"
            )
        }
        let bankAnswered = ScenarioSupport.lines(of: device.trace, by: bank.name, containing: "finished pay-link").count == 1
        checks.expect(bankAnswered, "the universal link reaches only the bank: the AASA names its app ID, not the malicious app's")
        let genuine = await walletApp.accepted.last
        checks.expect(
            genuine?.request.action == "pay-link" && genuine?.outcome == "approved",
            "the bank's answer comes back to Wallet as a verified universal link"
        )

        device.trace.record("demo", .note, "3. The malicious app forges an answer without the nonce")
        await device.open("https://wallet.example.com/paid?bank_responseType=approved&rt-state=AAAAAAAAAAAAAAAAAAAAAA", from: flashlight.bundleID)
        let rejected = await walletApp.rejected.map(\.code)
        checks.expect(
            rejected.contains(.unsolicitedResponse) || rejected.contains(.nonceMismatch),
            "a forged answer without the right rt-state is rejected"
        )
        try await signedAnswers(on: device, walletApp: walletApp, checks: &checks)
        return ScenarioReport(
            title: "A malicious app hijacks a custom scheme; universal links, rt-state and signed answers defeat it",
            source: "David Thiel, \"iOS Application Security\", chapter 8",
            trace: device.trace,
            checks: checks.checks
        )
    }
}
