import Foundation
import Roundtrip

/// A simulated app that answers requests with Roundtrip: a ``Receiver`` for every convention, and
/// a ``ULCResponder`` (journal on the app's disk) for Universal Link Callbacks.
public actor ReceivingApp: AppBehavior {
    /// Registers the app's handlers on a receiver built for this launch.
    public typealias Handlers = @Sendable (inout Receiver, AppContext) -> Void

    private let endpoint: Endpoint
    private let handlers: Handlers
    private let ulcAction: ULCResponder.Action?
    private let answerSigner: RequestSigner?
    private var receiver: Receiver?
    private var responder: ULCResponder?

    /// An app that enforces `spec`.
    ///
    /// - Parameters:
    ///   - endpoint: The app's receiving side.
    ///   - handlers: Registers a handler per (non-ULC) action.
    ///   - ulcAction: The work a Universal Link Callback asks for (a logout), if the app takes ULCs.
    ///   - answerSigner: Signs the answers of actions whose spec `answers` say so.
    public init(
        endpoint: Endpoint,
        handlers: @escaping Handlers = { _, _ in },
        ulcAction: ULCResponder.Action? = nil,
        answerSigner: RequestSigner? = nil
    ) {
        self.endpoint = endpoint
        self.answerSigner = answerSigner
        self.ulcAction = ulcAction
        self.handlers = handlers
    }

    public func finishLaunching(_ context: AppContext) async {
        context.log("startup routine finished")
        guard let responder = ulcResponder(context) else { return }
        do {
            for disposition in try await responder.startupFinished() {
                context.log("answered a ULC received before startup finished: \(describe(disposition))")
            }
        } catch {
            context.log("could not read its ULC journal: \(error)")
        }
    }

    public func open(_ url: String, source: String?, context: AppContext) async {
        let isULC = (try? endpoint.evaluate(url, source: source, now: context.clock.now))?.convention == .universalLinkCallback
        if isULC, let responder = ulcResponder(context) {
            do {
                let disposition = try await responder.receive(url, source: source)
                context.log("ULC \(describe(disposition))")
            } catch {
                context.log("rejected \(describeError(error))")
            }
            return
        }
        do {
            let handled = try await receiver(context).handle(url, source: source)
            let parameters = handled.request.canonicalParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            context.log("finished \(handled.request.actionName)(\(parameters.joined(separator: ", "))): answered \(handled.reply.outcome)")
        } catch {
            context.log("rejected \(describeError(error))")
        }
    }

    private func receiver(_ context: AppContext) -> Receiver {
        if let receiver { return receiver }
        var made = Receiver(endpoint: endpoint, opener: context.opener, clock: context.clock.closure, answerSigner: answerSigner)
        handlers(&made, context)
        receiver = made
        return made
    }

    private func ulcResponder(_ context: AppContext) -> ULCResponder? {
        guard let ulcAction else { return nil }
        if let responder { return responder }
        let journal: InMemoryULCJournal = context.disk.value("ulc-journal") { InMemoryULCJournal() }
        let made = ULCResponder(endpoint: endpoint, journal: journal, opener: context.opener, clock: context.clock.closure, action: ulcAction)
        responder = made
        return made
    }

    private func describe(_ disposition: ULCResponder.Disposition) -> String {
        switch disposition {
        case .deferred: "recorded; deferred until startup finishes"
        case .answered(let outcome, let attempts): "answered \(outcome) after \(attempts) attempt\(attempts == 1 ? "" : "s")"
        case .repeated(let outcome): "repeated: answered \(outcome) again without running the action twice"
        case .alreadyInProgress: "repeated while in progress: ignored"
        }
    }
}

/// `code: message` for a Roundtrip error, the description of anything else.
func describeError(_ error: any Error) -> String {
    if let error = error as? RoundtripError { return "\(error.code): \(error.message)" }
    return "\(error)"
}
