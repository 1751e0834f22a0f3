import Roundtrip
import RoundtripYAML
import Testing

/// Each convention's facts, as one value: the table below is the whole of what the spec reader,
/// the linter, the generators, the docs and the server's tester learn about a convention
/// without asking its rules to act.
@Suite("Conventions: facts as data")
struct ConventionFactsTests {
    struct FactsCase: Sendable, CustomTestStringConvertible {
        let convention: Convention
        let callbacks: [String]
        let reserved: [String]
        let hasWayBack: Bool
        let signsAnswers: Bool
        let callbacksMayBeRequired: Bool
        let requiresEveryCallback: Bool
        let checksCallbackSchemes: Bool
        let routeHost: String?
        let actionKeys: [String]
        var testDescription: String { convention.rawValue }
    }

    static let cases: [FactsCase] = [
        FactsCase(
            convention: .xCallbackURL,
            callbacks: ["x-success", "x-error", "x-cancel"],
            reserved: ["x-source", "x-success", "x-error", "x-cancel"],
            hasWayBack: true,
            signsAnswers: true,
            callbacksMayBeRequired: true,
            requiresEveryCallback: false,
            checksCallbackSchemes: true,
            routeHost: "x-callback-url",
            actionKeys: ["outcomes"]
        ),
        FactsCase(
            convention: .universalLinkCallback,
            callbacks: ["ulc-success", "ulc-error"],
            reserved: ["ulc-success", "ulc-error", "ulc-failure"],
            hasWayBack: true,
            signsAnswers: false,
            callbacksMayBeRequired: true,
            requiresEveryCallback: true,
            checksCallbackSchemes: false,
            routeHost: nil,
            actionKeys: []
        ),
        FactsCase(
            convention: .returnURL,
            callbacks: ["returnURL"],
            reserved: [],
            hasWayBack: true,
            signsAnswers: true,
            callbacksMayBeRequired: false,
            requiresEveryCallback: false,
            checksCallbackSchemes: true,
            routeHost: nil,
            actionKeys: ["return-parameter", "response-prefix", "outcomes"]
        ),
        FactsCase(
            convention: .none,
            callbacks: [],
            reserved: [],
            hasWayBack: false,
            signsAnswers: false,
            callbacksMayBeRequired: false,
            requiresEveryCallback: false,
            checksCallbackSchemes: false,
            routeHost: nil,
            actionKeys: []
        ),
        FactsCase(
            convention: .custom,
            callbacks: [],
            reserved: [],
            hasWayBack: true,
            signsAnswers: true,
            callbacksMayBeRequired: true,
            requiresEveryCallback: false,
            checksCallbackSchemes: true,
            routeHost: nil,
            actionKeys: ["outcomes"]
        ),
    ]

    @Test(arguments: cases)
    func theFactsAreTheConventions(_ testCase: FactsCase) {
        let facts = testCase.convention.facts
        #expect(facts.callbacks.map(\.parameter) == testCase.callbacks)
        #expect(facts.reservedParameters == testCase.reserved)
        #expect(facts.hasWayBack == testCase.hasWayBack)
        #expect(testCase.convention.hasWayBack == testCase.hasWayBack)
        #expect(facts.signsAnswers == testCase.signsAnswers)
        #expect(facts.callbacksMayBeRequired == testCase.callbacksMayBeRequired)
        #expect(facts.requiresEveryCallback == testCase.requiresEveryCallback)
        #expect(facts.checksCallbackSchemes == testCase.checksCallbackSchemes)
        #expect(facts.routeHost == testCase.routeHost)
        #expect(facts.actionKeyNames == testCase.actionKeys)
    }

    /// The facts agree with what the convention does: its default callbacks are the callback
    /// parameters of its default outcomes, and its derived route uses its route host.
    @Test(arguments: Convention.allCases)
    func theFactsAgreeWithTheConventionsBehaviour(_ convention: Convention) {
        let facts = convention.facts
        #expect(facts.outcomes == convention.defaultOutcomes)
        #expect(facts.callbacks.map(\.parameter) == convention.callbackParameters().map(\.parameter))
        #expect(facts.callbacks.map(\.outcome) == convention.callbackParameters().map(\.outcome))
        #expect(convention.derivedRoute(scheme: "notes", action: "add") == facts.routeHost.map { "notes://\($0)/add" })
        // A custom action's callbacks are its own (`callback-parameters`), none fixed.
        #expect(facts.hasWayBack == (!facts.callbacks.isEmpty || facts.describesOwnWayBack))
        #expect(!facts.requiresEveryCallback || facts.callbacksMayBeRequired)
    }

    /// `required-callbacks` is refused on a convention whose facts say its callbacks cannot be
    /// required, with a message that names the conventions that allow it, and accepted otherwise.
    /// A custom action's `required-callbacks` name its own callbacks (see `CustomWayBackTests`).
    @Test(arguments: Convention.allCases.filter { !$0.facts.describesOwnWayBack })
    func requiredCallbacksFollowTheFacts(_ convention: Convention) throws {
        let yaml = """
            roundtrip: 1
            app: {name: Example, schemes: [notes]}
            actions:
              add:
                convention: \(convention.rawValue)
                url: \(convention.facts.requiresHTTPSCallbacks ? "https://notes.example.com/add" : "notes://add")
                required-callbacks: [error]

            """
        if convention.facts.callbacksMayBeRequired {
            let loaded = try SpecLoader.load(yaml: yaml)
            #expect(loaded.spec.actions.first?.requiredCallbacks == ["error"])
            // A convention that needs every callback anyway says so, from the same facts.
            #expect(loaded.diagnostics.contains { $0.rule == "required-callbacks-redundant" } == convention.facts.requiresEveryCallback)
        } else {
            #expect {
                try SpecLoader.load(yaml: yaml)
            } throws: { error in
                "\(error)".contains("'required-callbacks' applies to x-callback-url and ulc actions only")
            }
        }
    }

    /// An action with no way back cannot take the whole query as a value only when it has one.
    @Test(arguments: Convention.allCases)
    func queryValueNeedsAConventionWithoutAWayBack(_ convention: Convention) {
        let yaml = """
            roundtrip: 1
            app: {name: Example, schemes: [notes]}
            actions:
              add:
                convention: \(convention.rawValue)
                url: \(convention.facts.requiresHTTPSCallbacks ? "https://notes.example.com/add" : "notes://add")
                query-value: {name: text}

            """
        let loads = (try? SpecLoader.load(yaml: yaml)) != nil
        #expect(loads == !convention.hasWayBack)
    }
}
