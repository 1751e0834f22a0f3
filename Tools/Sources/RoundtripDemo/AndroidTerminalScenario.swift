import Foundation
import Roundtrip
import RoundtripAndroid
import RoundtripSimulator

/// The point-of-sale round trip on Android. The terminal's spec (an Android app, no iOS app)
/// gives both the `assetlinks.json` its hosts serve and the intent filters of its manifest;
/// Android 12 and later verify each App Links host on its own ("Verify Android App Links"), so a
/// host whose file is missing opens in the browser while the others still open the terminal. An
/// app that registers the terminal's custom scheme too is offered by the chooser ("Create deep
/// links to app content"): a custom scheme proves nothing about who answers, so the terminal
/// signs its answers and the forgeries of the app the user picked by mistake are refused.
enum AndroidTerminalScenario {
    struct Charge: Decodable, Sendable {
        var amount: Decimal
        var payee: String
    }

    /// The SHA-256 fingerprints of the apps' signing certificates.
    static let terminalCertificate = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let posCertificate = String(repeating: "5A:", count: 31) + "5A"
    static let hijackerCertificate = String(repeating: "E7:", count: 31) + "E7"

    static let pos = InstalledAndroidApp(
        name: "Corner Shop POS",
        package: "com.example.cornershop",
        fingerprint: posCertificate,
        filters: [browsable(schemes: ["shop"])]
    )
    /// Registers the terminal's custom scheme, and claims its host as an App Link it cannot verify.
    static let hijacker = InstalledAndroidApp(
        name: "Free Terminal",
        package: "com.evil.freeterminal",
        fingerprint: hijackerCertificate,
        filters: [
            browsable(schemes: ["droidpay"]),
            browsable(schemes: ["https"], hosts: ["pay.example.com"], autoVerify: true),
        ]
    )

    /// A VIEW, DEFAULT, BROWSABLE filter.
    private static func browsable(schemes: [String], hosts: [String] = [], autoVerify: Bool = false) -> IntentFilter {
        IntentFilter(
            actions: [IntentFilter.actionView],
            categories: [IntentFilter.categoryDefault, IntentFilter.categoryBrowsable],
            schemes: schemes,
            authorities: hosts.map { IntentFilter.Authority(host: $0) },
            autoVerify: autoVerify
        )
    }

    /// The terminal's answer key. Fixed bytes keep the demo's trace reproducible; a real app
    /// makes its key with a secure random source and keeps the private half in the Android
    /// Keystore.
    static func terminalSigner() throws -> RequestSigner {
        try RequestSigner(keyID: "droidpay-2026", algorithm: .ed25519, bytes: Array(repeating: 0x4D, count: 32))
    }

    static let parameters = [QueryItem(name: "amount", value: "12.50"), QueryItem(name: "payee", value: "Corner Shop")]

    @Sendable static func run() async throws -> ScenarioReport {
        let signer = try terminalSigner()
        let spec = try ScenarioSupport.spec(ScenarioSpecs.androidTerminal(publicKey: Data(signer.key.publicKey ?? []).base64EncodedString()))
        guard let android = spec.app.android else { throw SimulatorError(message: "the terminal's spec describes no Android app") }
        let terminal = InstalledAndroidApp(
            name: spec.app.name,
            package: android.packages[0],
            fingerprint: android.certificateFingerprints[0],
            filters: IntentFilterGenerator.filters(for: spec)
        )
        let phone = AndroidPhone()
        var checks = CheckList()

        phone.trace.record(
            "demo",
            .note,
            "1. The terminal's hosts serve the assetlinks.json generated from its spec; pay.example.net's server has none yet"
        )
        let files = AssetLinksGenerator.generate(from: [spec])
        for generated in files where generated.host == "pay.example.com" {
            await phone.host(domain: generated.host, assetLinks: generated.file)
        }
        // The ledger of the point of sale; the simulator's reproducible nonces keep the trace the same run to run.
        let caller = Caller(
            ledger: InMemoryLedgerStore(),
            opener: phone.opener(for: pos.package),
            clock: phone.clock.closure,
            nonce: VirtualDevice(clock: phone.clock).nonces
        )
        let inbox = Inbox()
        await phone.install(pos) { url in
            do {
                let answer = try await caller.handleCallback(url)
                await inbox.accept(answer)
                await phone.log(pos.package, "accepted the answer to \(answer.request.action): \(answer.outcome)")
            } catch {
                await inbox.reject(error)
                await phone.log(pos.package, "rejected a callback: \(ScenarioSupport.describe(error))")
            }
        }
        var receiver = Receiver(
            endpoint: try Endpoint(spec: spec),
            opener: phone.opener(for: terminal.package),
            clock: phone.clock.closure,
            answerSigner: signer
        )
        for action in ["charge", "charge-app"] {
            receiver.on(action, as: Charge.self) { charge, _ in
                await phone.log(terminal.package, "the customer taps a card: \(charge.amount) to \(charge.payee)")
                return Reply(outcome: "approved", parameters: [QueryItem(name: "transactionId", value: "A-3001")])
            }
        }
        await phone.install(terminal) { [receiver] url in
            do {
                let handled = try await receiver.handle(url)
                await phone.log(terminal.package, "finished \(handled.request.actionName): answered \(handled.reply.outcome)")
            } catch {
                await phone.log(terminal.package, "rejected \(ScenarioSupport.describe(error))")
            }
        }
        checks.expect(
            files.map(\.host) == ["pay.example.com", "pay.example.net"]
                && files.allSatisfy {
                    (try? AssetLinksMatcher($0.file).verifyingStatement(package: terminal.package, fingerprint: terminal.fingerprint)) != nil
                },
            "the spec gives each claimed host an assetlinks.json granting handle_all_urls to the terminal's package and certificate"
        )
        checks.expect(
            await phone.device.verifiedHosts(of: terminal.package) == ["pay.example.com"],
            "Android 12+ verifies each host on its own: pay.example.com is verified although pay.example.net serves no file"
        )
        let android11 = AndroidDevice(apiLevel: 30)
        for generated in files where generated.host == "pay.example.com" {
            await android11.host(domain: generated.host, assetLinks: generated.file)
        }
        await android11.install(terminal)
        checks.expect(
            await android11.verifiedHosts(of: terminal.package).isEmpty,
            "before Android 12 the one failing host would have failed them all"
        )

        phone.trace.record("demo", .note, "2. Corner Shop charges 12.50 through the terminal's App Link and asks to come back on shop://paid")
        let response = try await caller.call("charge", to: RequestBuilder(partner: spec), parameters: parameters, callback: "shop://paid")
        checks.expect(
            response.outcome == "approved" && response.parameters["transactionId"] == "A-3001",
            "the App Link reaches the terminal, whose approval comes back to Corner Shop"
        )
        checks.expect(
            response.request.answers?.signatures == .required && response.url.contains("rt-sig="),
            "the approval is verified with the terminal's public key the ledger recorded when the request was sent"
        )
        _ = await phone.open("https://pay.example.net/charge", from: pos.package)
        checks.expect(
            !ScenarioSupport.lines(of: phone.trace, by: pos.name, containing: "opens https://pay.example.net/charge in the browser").isEmpty,
            "a link to the unverified host pay.example.net opens in the browser, never in an app"
        )

        phone.trace.record(
            "demo",
            .note,
            "3. Free Terminal is installed: it registers 'droidpay:' and claims pay.example.com without the terminal's certificate"
        )
        let genuine = response.url
        await phone.install(hijacker) { url in
            await phone.log(hijacker.package, "⚠ received a request meant for the terminal: \(url)")
            guard let query = try? URLSplit(url).query, let items = try? QueryCodec.decode(query),
                let returnURL = items.first(where: { $0.name == "returnURL" })?.value,
                let state = try? URLSplit(returnURL).query.flatMap({ try QueryCodec.decode($0).first { $0.name == ReservedNames.state }?.value })
            else { return }
            await phone.log(hijacker.package, "⚠ forges an unsigned approval on the stolen return URL")
            _ = await phone.open(returnURL + "&pay_responseType=approved&pay_transactionId=X-6666", from: hijacker.package)
            await phone.log(hijacker.package, "⚠ replays the genuine signed approval of step 2 with the stolen rt-state")
            let tampered = genuine.replacingOccurrences(of: ScenarioSupport.stateItem(of: genuine), with: ReservedNames.state + "=" + state)
            _ = await phone.open(tampered, from: hijacker.package)
        }
        let hijackerVerified = await phone.device.verifiedHosts(of: hijacker.package)
        let appLink = await phone.device.open("https://pay.example.com/charge")
        checks.expect(
            hijackerVerified.isEmpty && appLink == .app(terminal.package),
            "its App Link claim fails verification (its certificate is not in the file): the terminal's links still open only the terminal"
        )

        phone.trace.record(
            "demo",
            .note,
            "4. Corner Shop charges through the custom scheme; the chooser offers both apps and the user taps Free Terminal"
        )
        await phone.setChooserPick(hijacker.package)
        let rejectedBefore = await inbox.rejected.count
        try await caller.send("charge-app", to: RequestBuilder(partner: spec), parameters: parameters, callback: "shop://paid")
        let rejected = await inbox.rejected.dropFirst(rejectedBefore).map(\.code)
        checks.expect(
            !ScenarioSupport.lines(of: phone.trace, by: "Android", containing: "chooser “Open with” Droid Pay, Free Terminal").isEmpty
                && !ScenarioSupport.lines(of: phone.trace, by: hijacker.name, containing: "received a request meant for the terminal").isEmpty,
            "over a custom scheme two apps are offered, and the one the user picks receives the request and its rt-state"
        )
        checks.expect(rejected.first == .missingSignature, "its forged approval carries no signature: refused as missing-signature")
        checks.expect(
            rejected.dropFirst().first == .badSignature,
            "the genuine signed approval, moved onto the stolen rt-state, no longer verifies: refused as bad-signature"
        )
        checks.expect(
            try await caller.pendingRequests().count == 1,
            "neither forgery consumes the pending charge: the genuine answer could still arrive"
        )
        return ScenarioReport(
            title: "Point of sale → payment terminal on Android: App Links verified per host, a chooser hijack refused by signed answers",
            source: "Android's \"Verify Android App Links\" and \"Create deep links to app content\"; RFC 8032 Ed25519",
            trace: phone.trace,
            checks: checks.checks
        )
    }

    /// What the point of sale accepted and rejected.
    private actor Inbox {
        private(set) var accepted: [AcceptedResponse] = []
        private(set) var rejected: [RoundtripError] = []

        func accept(_ answer: AcceptedResponse) { accepted.append(answer) }

        func reject(_ error: any Error) {
            if let error = error as? RoundtripError { rejected.append(error) }
        }
    }
}

extension ScenarioSpecs {
    /// A payment terminal with an Android app only (no `app-id`): App Links on two hosts and a
    /// custom scheme, answers signed with an Ed25519 key whose public half (base64) callers read
    /// here.
    static func androidTerminal(publicKey: String) -> String {
        """
        roundtrip: 1
        app:
          name: Droid Pay
          schemes: [droidpay]
          domains: [pay.example.com, pay.example.net]
          android: {package: com.example.droidpay, sha256-cert-fingerprints: ["\(AndroidTerminalScenario.terminalCertificate)"]}
        callbacks: ["shop://paid"]
        keys:
          droidpay-2026: {algorithm: ed25519, public-key: "\(publicKey)"}
        answers: {signatures: required, key: droidpay-2026}
        actions:
          charge:
            url: [https://pay.example.com/charge, https://pay.example.net/charge]
            convention: return-url
            response-prefix: pay_
            parameters:
              amount: {type: decimal, required: true, minimum: 0.01}
              payee:  {type: string, required: true, max-length: 64}
          charge-app:
            url: droidpay://charge
            convention: return-url
            response-prefix: pay_
            parameters:
              amount: {type: decimal, required: true, minimum: 0.01}
              payee:  {type: string, required: true, max-length: 64}
        """
    }
}
