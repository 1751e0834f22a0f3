import ArgumentParser
import Foundation
import Roundtrip

/// `roundtrip request …`
struct RequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Build a request (calling side) or decide an incoming one (receiving side).",
        subcommands: [RequestBuildCommand.self, RequestHandleCommand.self]
    )
}

/// `roundtrip request handle --spec SPEC URL [--json] [--source ID] [--state DIR] [--now SECONDS]`
struct RequestHandleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handle",
        abstract: "Decide an incoming URL as the receiving app would: accept it, or reject it with a reason.",
        discussion: """
            With --json: {"accepted": true, "action", "convention", "parameters", "callbacks", "caller", \
            "signature"} or {"accepted": false, "error": {"code", "message", "parameter"}}. \
            "parameters" holds every declared parameter after defaults in canonical form: a list \
            parameter as an array of strings, a secret as "***", anything else as a string; with \
            'unknown-parameters: accept', the undeclared ones as strings too. "callbacks" holds \
            each callback URL by outcome; one the action dropped ('invalid-callback: drop') is \
            {"dropped": true, "code", "message", "parameter"} instead.

            With --state, each signed request's rt-id is admitted once, across every process \
            sharing the folder; the folder must belong to you and be writable by you alone \
            (mode 700 when the command creates it), else it is refused as 'unsafe-folder' \
            before anything in it is read.

            Exits 0 when accepted, 1 when rejected (a replay included), 2 when the spec or the \
            state folder is unusable (with --json, the error object says why, with its code).
            """
    )

    @OptionGroup var specOption: SpecOption

    @Argument(help: "The incoming URL, exactly as received.")
    var url: String

    @OptionGroup var output: JSONOption

    @Option(help: "The source application's bundle ID, as the OS would report it.")
    var source: String?

    @Option(help: "A folder that keeps seen rt-id values, for replay checks of signed requests.")
    var state: String?

    @OptionGroup var clock: ClockOption

    func run() async throws {
        let endpoint = try specOption.endpoint()
        let replayGuard: (any ReplayGuard)? = state.map { FileReplayGuard(directory: $0) }
        do {
            let request = try await endpoint.handle(url, source: source, now: clock.date, replayGuard: replayGuard)
            if output.json {
                JSONOutput.print(AcceptedJSON(request))
            } else {
                print("accepted: \(request.actionName) (\(request.convention))")
                let undeclared = Set(request.undeclaredParameters.map(\.name)).subtracting(request.parameters.keys)
                for line in ParameterDisplay.lines(request.canonicalValues, undeclared: undeclared) {
                    print(line)
                }
                for (outcome, callback) in request.callbacks.sorted(by: { $0.key < $1.key }) {
                    print("  callback \(outcome): \(callback)")
                }
                for dropped in request.droppedCallbacks {
                    print("  callback \(dropped.key) dropped (\(dropped.refusal.code)): \(dropped.refusal.message)")
                }
                if let signature = request.signature {
                    print("  signed by \(signature.keyID) (rt-id \(signature.requestID))")
                }
            }
        } catch let error as RoundtripError {
            throw Rejection.report(error, json: output.json)
        } catch let error as StorageError {
            throw Rejection.unusable(error, store: "the replay state folder \(state ?? "")", json: output.json)
        }
    }

    struct AcceptedJSON: Encodable {
        let accepted = true
        let action: String
        let convention: String
        let parameters: [String: CanonicalValue]
        let callbacks: [String: CallbackJSON]
        let caller: String?
        let signature: SignatureJSON?

        init(_ request: AcceptedRequest) {
            action = request.actionName
            convention = request.convention.rawValue
            parameters = request.canonicalValues
            var callbacks = request.callbacks.mapValues(CallbackJSON.url)
            for dropped in request.droppedCallbacks { callbacks[dropped.key] = .dropped(dropped.refusal) }
            self.callbacks = callbacks
            caller = request.callerName
            signature = request.signature.map { SignatureJSON(keyID: $0.keyID, requestID: $0.requestID, timestamp: $0.timestamp) }
        }

        enum CodingKeys: String, CodingKey { case accepted, action, convention, parameters, callbacks, caller, signature }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(accepted, forKey: .accepted)
            try container.encode(action, forKey: .action)
            try container.encode(convention, forKey: .convention)
            try container.encode(parameters, forKey: .parameters)
            try container.encode(callbacks, forKey: .callbacks)
            try container.encodeIfPresent(caller, forKey: .caller)
            try container.encodeIfPresent(signature, forKey: .signature)
        }
    }

    /// One entry of `callbacks`: the URL to answer on, or a callback the action dropped
    /// (`invalid-callback: drop`) with the refusal that dropped it.
    enum CallbackJSON: Encodable {
        case url(String)
        case dropped(RoundtripError)

        enum CodingKeys: String, CodingKey { case dropped, code, message, parameter }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .url(let url):
                var container = encoder.singleValueContainer()
                try container.encode(url)
            case .dropped(let refusal):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(true, forKey: .dropped)
                try container.encode(refusal.code.rawValue, forKey: .code)
                try container.encode(refusal.message, forKey: .message)
                try container.encodeIfPresent(refusal.parameter, forKey: .parameter)
            }
        }
    }

    struct SignatureJSON: Encodable {
        let keyID: String
        let requestID: String
        let timestamp: Int64
    }
}
