import Roundtrip
import RoundtripYAML
import Testing

/// What each convention says through its public API, which the generator, the docs and the
/// server's tester use instead of naming callback parameters themselves.
@Suite("Conventions: success outcome, callback parameters and callback items")
struct ConventionTests {
    struct SuccessCase: Sendable, CustomTestStringConvertible {
        let convention: Convention
        let outcomes: [String]
        let success: String?
        var testDescription: String { "\(convention) \(outcomes)" }
    }

    static let successCases: [SuccessCase] = [
        SuccessCase(convention: .xCallbackURL, outcomes: ["success", "error", "cancel"], success: "success"),
        SuccessCase(convention: .xCallbackURL, outcomes: ["error", "cancel"], success: nil),
        SuccessCase(convention: .universalLinkCallback, outcomes: ["success", "error"], success: "success"),
        SuccessCase(convention: .returnURL, outcomes: ["approved", "declined"], success: "approved"),
        SuccessCase(convention: .returnURL, outcomes: ["done"], success: "done"),
        SuccessCase(convention: .none, outcomes: [], success: nil),
    ]

    @Test(arguments: successCases)
    func theSuccessOutcomeIsTheConventions(_ testCase: SuccessCase) {
        #expect(testCase.convention.successOutcome(among: testCase.outcomes) == testCase.success)
    }

    struct ItemsCase: Sendable, CustomTestStringConvertible {
        let convention: Convention
        let outcomes: [String]?
        let items: [String]
        var testDescription: String { "\(convention) \(outcomes ?? [])" }
    }

    static let itemsCases: [ItemsCase] = [
        ItemsCase(
            convention: .xCallbackURL,
            outcomes: nil,
            items: ["x-source=Tester", "x-success=cb://r/success", "x-error=cb://r/error", "x-cancel=cb://r/cancel"]
        ),
        ItemsCase(convention: .xCallbackURL, outcomes: ["success"], items: ["x-source=Tester", "x-success=cb://r/success"]),
        ItemsCase(convention: .universalLinkCallback, outcomes: nil, items: ["ulc-success=cb://r/success", "ulc-error=cb://r/error"]),
        ItemsCase(convention: .returnURL, outcomes: nil, items: ["returnURL=cb://r"]),
        ItemsCase(convention: .none, outcomes: nil, items: []),
    ]

    @Test(arguments: itemsCases)
    func callbackItemsPointAtTheBase(_ testCase: ItemsCase) {
        let items = testCase.convention.callbackItems(base: "cb://r", callerName: "Tester", outcomes: testCase.outcomes)
        #expect(items.map { "\($0.name)=\($0.value ?? "")" } == testCase.items)
    }

    @Test func aReturnURLActionNamesItsOwnReturnParameter() throws {
        let spec = try SpecLoader.load(
            yaml: """
                roundtrip: 1
                app: {name: T, schemes: [t]}
                actions:
                  pay: {url: 't://pay', convention: return-url, return-parameter: back, response-prefix: p_, outcomes: [done, failed]}
                  add: {convention: x-callback-url, outcomes: [error]}
                """
        ).spec
        let pay = try #require(spec.action(named: "pay"))
        #expect(pay.callbackParameters.map { $0.parameter } == ["back"])
        #expect(pay.successOutcome == "done")
        #expect(pay.successAnswerName == "the `done` answer")
        #expect(pay.nothingReturnedExplanation == nil)
        #expect(pay.conventionExplanation.hasPrefix("send `back` with the URL to come back to; the app opens it with `p_responseType=<outcome>`"))
        let add = try #require(spec.action(named: "add"))
        #expect(add.routes.map(\.text) == ["t://x-callback-url/add"])
        #expect(add.successOutcome == nil)
        #expect(add.callbackParameters.map { $0.parameter } == ["x-error"])
        #expect(
            add.nothingReturnedExplanation
                == "Nothing: the action never answers success (its outcomes are `error`), so there is no `x-success` callback."
        )
    }

    @Test func aNameHoldingABacktickStaysOneCodeSpan() throws {
        let spec = try SpecLoader.load(
            yaml: "roundtrip: 1\napp: {name: T, schemes: [t]}\nactions:\n  pay: {url: 't://pay', convention: return-url, return-parameter: 'a`b'}\n"
        ).spec
        let pay = try #require(spec.action(named: "pay"))
        #expect(pay.conventionExplanation.hasPrefix("send ``a`b`` with the URL"))
    }
}
