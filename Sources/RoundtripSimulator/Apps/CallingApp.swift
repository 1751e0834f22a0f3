import Foundation
import Roundtrip

/// A simulated app that calls other apps with a ``Caller`` and accepts only genuine answers.
///
/// Its ledger lives on the app's disk, so a pending request survives a force-quit; the `Caller`
/// (and any `await` on it) does not, like a real process.
public actor CallingApp: AppBehavior {
    private var caller: Caller?
    private let nonces: @Sendable () -> String
    /// Every answer this launch accepted.
    public private(set) var accepted: [AcceptedResponse] = []
    /// Every callback this launch rejected.
    public private(set) var rejected: [RoundtripError] = []

    /// A calling app.
    ///
    /// - Parameter nonces: Makes `rt-state` nonces; the system's secure random source by default,
    ///   ``VirtualDevice/nonces`` for reproducible traces.
    public init(nonces: @escaping @Sendable () -> String = { Nonce.make() }) {
        self.nonces = nonces
    }

    public func finishLaunching(_ context: AppContext) async {
        context.log("startup routine finished")
    }

    public func open(_ url: String, source: String?, context: AppContext) async {
        do {
            let response = try await caller(context).handleCallback(url)
            accepted.append(response)
            let parameters = response.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let continuation = response.continuation.map { String(decoding: $0, as: UTF8.self) } ?? "none"
            context.log(
                "accepted the answer to \(response.request.action): \(response.outcome)\(parameters.isEmpty ? "" : " (\(parameters.joined(separator: ", ")))"); continuation \(continuation)"
            )
        } catch {
            if let error = error as? RoundtripError { rejected.append(error) }
            context.log("rejected a callback: \(describeError(error))")
        }
    }

    /// The app's caller for this launch.
    public func caller(_ context: AppContext) -> Caller {
        if let caller { return caller }
        let ledger: InMemoryLedgerStore = context.disk.value("ledger") { InMemoryLedgerStore() }
        let made = Caller(ledger: ledger, opener: context.opener, clock: context.clock.closure, nonce: nonces)
        caller = made
        return made
    }
}
