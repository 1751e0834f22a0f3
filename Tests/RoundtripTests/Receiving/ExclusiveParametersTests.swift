import Roundtrip
import RoundtripYAML
import Testing

/// `exclusive`: of each group of optional query parameters a request may give at most one;
/// two are `invalid-parameter` naming both. A member's default does not count as given.
@Suite("exclusive parameter groups")
struct ExclusiveParametersTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Till, schemes: [till]}
        actions:
          pay:
            url: till://pay
            convention: none
            exclusive: [amount, amount-cents]
            parameters:
              amount: {type: decimal}
              amount-cents: {type: integer}
              note: {}
          contact:
            url: till://contact
            convention: none
            exclusive: [[email, phone], [sms, call]]
            parameters:
              email: {}
              phone: {}
              sms: {type: boolean, default: false}
              call: {type: boolean}
        """

    static func decide(_ url: String) throws -> Result<[String: CanonicalValue], RoundtripError> {
        TestSpecs.decide(try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec), url)
    }

    @Test(arguments: [
        ("till://pay?amount=10.00&note=x", ["amount": CanonicalValue.text("10.00"), "note": .text("x")]),
        ("till://pay?amount-cents=1000", ["amount-cents": .text("1000")]),
        ("till://pay", [:]),
        // A default is not a value the caller gave.
        ("till://contact?email=a&call=true", ["email": .text("a"), "call": .text("true"), "sms": .text("false")]),
    ])
    func oneMemberOfEachGroupIsAccepted(url: String, values: [String: CanonicalValue]) throws {
        #expect(try Self.decide(url).get() == values)
    }

    @Test(arguments: [
        ("till://pay?amount=1&amount-cents=100", "amount-cents", "the action 'pay' takes at most one of 'amount' and 'amount-cents' (exclusive)"),
        ("till://pay?amount-cents=100&amount=1", "amount-cents", "at most one of 'amount' and 'amount-cents'"),
        ("till://contact?phone=1&email=a", "phone", "at most one of 'email' and 'phone'"),
        ("till://contact?sms=false&call=true", "call", "at most one of 'sms' and 'call'"),
        ("till://contact?email=&phone=", "phone", "at most one of 'email' and 'phone'"),
    ])
    func twoMembersOfAGroupAreRefused(url: String, parameter: String, message: String) throws {
        TestSpecs.expectRefusal(try Self.decide(url), .invalidParameter, parameter: parameter, message: message)
    }

    @Test(arguments: [
        ("exclusive: [a]", "invalid-value", "a group needs at least two parameter names, of which a request may give at most one"),
        ("exclusive: [a, a]", "duplicate-value", "a group lists each parameter once"),
        ("exclusive: [a, r]", "invalid-value", "'r' is 'required: true', so every request gives it"),
        ("exclusive: [a, zz]", "invalid-value", "'zz' is not a parameter of this action"),
        ("exclusive: [a, id]", "invalid-value", "'id' is a route placeholder"),
        ("exclusive: a", "wrong-type", "expected a list of parameter names"),
        ("exclusive: []", "empty-value", "list a group of at least two parameter names"),
    ])
    func aGroupThatCannotMeanWhatItSaysIsRefused(line: String, code: String, message: String) {
        let yaml = """
            roundtrip: 1
            app: {name: Till, schemes: [till]}
            actions:
              pay:
                url: till://pay/:id
                convention: none
                parameters:
                  a: {}
                  b: {default: x}
                  r: {required: true}
                \(line)
            """
        #expect(TestSpecs.loadFails(yaml, code: code, message: message))
    }

    @Test("a member with a default may stand in a group")
    func aDefaultedMemberIsAllowed() throws {
        let yaml = """
            roundtrip: 1
            app: {name: Till, schemes: [till]}
            actions:
              pay:
                url: till://pay
                convention: none
                exclusive: [a, b]
                parameters: {a: {}, b: {default: x}}
            """
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        #expect(try TestSpecs.decide(endpoint, "till://pay?a=1").get() == ["a": .text("1"), "b": .text("x")])
    }
}
