import ArgumentParser
import Foundation
import Roundtrip

/// `roundtrip response …`
struct ResponseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "response",
        abstract: "Build the callback that answers a request (receiving side), or accept one (calling side).",
        subcommands: [ResponseBuildCommand.self, ResponseAcceptCommand.self]
    )
}

/// `roundtrip response build --spec SPEC --request URL --outcome success|error|cancel [--param k=v]...
/// [--sign-key KID --secret-env VAR] [--now SECONDS]`
struct ResponseBuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Print the callback URL that answers a request with an outcome.",
        discussion: """
            The request is decided first, exactly as 'request handle' does; a rejected request has no \
            callback to answer on (exit 1). For return-url actions the outcome may be any declared \
            outcome; success means the first one, cancel means 'cancelled', error means 'error'.

            When the action declares 'returns', a success answer's parameters must be declared \
            there and pass their types and constraints (exit 1 otherwise). Repeat --param for a \
            returned 'repeated' list: each value goes under its name (tags=a&tags=b).

            When the action's 'answers' sign its answers, --sign-key names the spec's answer key \
            and --secret-env the variable that holds its private key (ed25519) or secret; the \
            callback then ends with rt-kid, rt-ts (--now, or the clock) and rt-sig. Without them \
            an action with 'answers: {signatures: required}' is refused (exit 1, \
            missing-signature).
            """
    )

    @OptionGroup var specOption: SpecOption

    @Option(help: "The request URL being answered.")
    var request: String

    @Option(help: "success, error or cancel (or a return-url action's declared outcome).")
    var outcome: String

    @Option(name: .customLong("param"), help: "A response parameter, name=value; repeat for more.")
    var parameters: [String] = []

    @Option(help: "The source application's bundle ID, as the OS would report it.")
    var source: String?

    @OptionGroup var signing: SignerOption

    @OptionGroup var clock: ClockOption

    func run() async throws {
        let endpoint = try specOption.endpoint()
        let items = try SpecInput.parameters(parameters)
        let signer = try signing.signer(for: endpoint.spec)
        do {
            let accepted = try endpoint.evaluate(request, source: source, now: clock.date)
            guard let action = endpoint.spec.action(named: accepted.actionName) else {
                throw RoundtripError(.unknownRoute, "the action '\(accepted.actionName)' is not in the spec")
            }
            print(
                try ResponseBuilder.callbackURL(
                    answering: accepted,
                    action: action,
                    outcome: outcome,
                    parameters: items,
                    signer: signer,
                    now: clock.date
                )
            )
        } catch {
            throw CommandFailure.rejected("rejected: \(error)")
        }
    }
}
