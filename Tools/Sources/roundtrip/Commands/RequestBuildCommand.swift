import ArgumentParser
import Foundation
import Roundtrip

/// `roundtrip request build --spec SPEC --action NAME [--param k=v]... [--callback BASE] [--ledger DIR]
/// [--generation-file PATH] [--sign-key KID --secret-env VAR] [--ttl SECONDS] [--now SECONDS]`
struct RequestBuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a request to a partner app (the calling side) and print its URL.",
        discussion: """
            The request is checked exactly as the partner's spec will check it. From --callback BASE \
            one callback URL per outcome is derived (BASE/success, BASE/error, BASE/cancel for \
            x-callback-url; BASE/success and BASE/error, https only, for ULC; BASE itself for \
            return-url), each with the same fresh rt-state nonce; with --ledger the pending request \
            is recorded so that 'response accept' can check the answer. An x-callback-url action \
            that declares 'outcomes' gets callbacks for those outcomes only.

            Repeat --param for a list: a 'repeated' list carries each value under its name \
            (tag=a&tag=b), a 'comma' or 'newline' list joins them into one value (tags=a,b).

            \(LedgerKey.help)

            Exits 0 with the URL on stdout, 1 when the request would be rejected (the reason on \
            stderr), 2 for bad usage, an unusable spec, key or ledger.
            """
    )

    @OptionGroup var specOption: SpecOption

    @Option(help: "The partner's action.")
    var action: String

    @Option(name: .customLong("param"), help: "A request parameter, name=value; repeat for more.")
    var parameters: [String] = []

    @Option(help: "The base URL to come back to.")
    var callback: String?

    @Option(help: "A folder for the pending-request ledger (needs --callback).")
    var ledger: String?

    @Option(name: .customLong("generation-file"), help: LedgerKey.generationFileHelp)
    var generationFile: String?

    @OptionGroup var signing: SignerOption

    @Option(help: "Seconds the request waits for its answer.")
    var ttl: Int = 600

    @OptionGroup var clock: ClockOption

    @Option(help: "A JSON value the ledger keeps and 'response accept' prints back (default {}).")
    var continuation: String?

    func validate() throws {
        if ledger != nil, callback == nil {
            throw ValidationError("--ledger records the pending request of a callback; give --callback too")
        }
        if generationFile != nil, ledger == nil {
            throw ValidationError("--generation-file records the generation of a ledger; give --ledger too")
        }
        if ttl <= 0 {
            throw ValidationError("--ttl must be a positive number of seconds")
        }
        if let continuation, (try? JSONDecoder().decode(JSONValue.self, from: Data(continuation.utf8))) == nil {
            throw ValidationError("--continuation must be a JSON value, such as '{\"screen\": \"invoice\"}'")
        }
    }

    func run() async throws {
        let spec = specOption.spec
        let partner = try SpecInput.load(spec)
        let builder: RequestBuilder
        do {
            builder = try RequestBuilder(partner: partner)
        } catch {
            throw CommandFailure.usage("the spec \(spec) is not usable: \(error.message)")
        }
        let items = try SpecInput.parameters(parameters)
        let signer = try signing.signer(for: partner)
        let request: OutgoingRequest
        do {
            request = try builder.build(
                action,
                parameters: items,
                callback: callback,
                continuation: Data((continuation ?? "{}").utf8),
                signer: signer,
                ttl: TimeInterval(ttl),
                now: clock.date
            )
        } catch  where error.code == .unknownRoute {
            throw CommandFailure.usage(error.message)
        } catch {
            throw CommandFailure.rejected("rejected: \(error)")
        }
        if let ledger, let pending = request.pending {
            do {
                try await LedgerKey.store(ledger, create: true, generationFile: generationFile).record(pending)
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure.usage("cannot record the request in the ledger: \(error)")
            }
        }
        print(request.url)
    }
}
