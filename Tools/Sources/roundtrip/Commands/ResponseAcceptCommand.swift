import ArgumentParser
import Foundation
import Roundtrip

/// `roundtrip response accept --ledger DIR [--generation-file PATH] URL [--json] [--now SECONDS]`
struct ResponseAcceptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Check a callback as the calling app would: accept the genuine answer once, or reject it.",
        discussion: """
            The callback must answer a request recorded with 'request build --ledger': its exact \
            callback base, its rt-state nonce, before it expires, once. Accepting consumes the \
            pending request. When the partner's spec signed its answers as the request was \
            built ('answers:', recorded in the ledger), the callback must end with a valid \
            rt-kid, rt-ts, rt-sig of that key, fresh within 300 s: else missing-signature, \
            bad-signature or expired.

            \(LedgerKey.help)

            With --json: {"accepted", "outcome", "parameters", "continuation"} or {"accepted": false, \
            "error": {"code", "message", "parameter"}}. When the partner's action declares \
            'returns' (recorded in the ledger), a success answer is checked against them, and \
            "parameters" holds the returned values in canonical form, a list as an array of \
            strings; otherwise each parameter is the string it came as.

            Exits 0 when accepted, 1 when rejected, 2 when the ledger or its key is unusable \
            (damaged, tampered with, or written with another key; or a folder that is not yours \
            or that others may write in: 'unsafe-folder'; or older than the generation recorded in \
            --generation-file: 'ledger-rollback'). With --json, an unusable ledger is \
            reported as {"accepted": false, "error": {"code", "message"}} too.
            """
    )

    @Option(help: "The ledger folder 'request build --ledger' wrote.")
    var ledger: String

    @Option(name: .customLong("generation-file"), help: LedgerKey.generationFileHelp)
    var generationFile: String?

    @Argument(help: "The callback URL, exactly as received.")
    var url: String

    @OptionGroup var output: JSONOption

    @OptionGroup var clock: ClockOption

    func run() async throws {
        do {
            let store = try LedgerKey.store(ledger, create: false, generationFile: generationFile)
            let response = try await ResponseAcceptor(ledger: store).accept(url, now: clock.date)
            if output.json {
                JSONOutput.print(AcceptedJSON(response))
            } else {
                print("accepted: \(response.outcome) (\(response.request.partner) \(response.request.action))")
                for line in ParameterDisplay.lines(AcceptedJSON.parameters(of: response)) {
                    print(line)
                }
            }
        } catch let error as RoundtripError {
            throw Rejection.report(error, json: output.json)
        } catch let error as StorageError {
            throw Rejection.unusable(error, store: "the ledger \(ledger)", json: output.json)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure.usage("the ledger \(ledger) is unusable: \(error)")
        }
    }

    struct AcceptedJSON: Encodable {
        let accepted = true
        let outcome: String
        let parameters: [String: CanonicalValue]
        let continuation: JSONValue

        init(_ response: AcceptedResponse) {
            outcome = response.outcome
            parameters = Self.parameters(of: response)
            continuation = response.continuation.flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) } ?? .null
        }

        /// The answer's parameters: typed by the partner's `returns` when they checked it
        /// (canonical, a list as its items), else as received.
        static func parameters(of response: AcceptedResponse) -> [String: CanonicalValue] {
            // Fields the partner echoes back as the caller sent them are not among `returns`.
            response.parameters.mapValues(CanonicalValue.text).merging(response.returns.map(ParameterDisplay.canonical) ?? [:]) { $1 }
        }

        enum CodingKeys: String, CodingKey { case accepted, outcome, parameters, continuation }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(accepted, forKey: .accepted)
            try container.encode(outcome, forKey: .outcome)
            try container.encode(parameters, forKey: .parameters)
            try container.encode(continuation, forKey: .continuation)
        }
    }
}
