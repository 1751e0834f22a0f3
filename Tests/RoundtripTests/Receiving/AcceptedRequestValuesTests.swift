import Foundation
import Roundtrip
import Testing

/// The values of an accepted request, bound by position during the decision and read by name.
@Suite("Accepted request: values read by name and as a dictionary agree")
struct AcceptedRequestValuesTests {
    @Test(
        "value(of:) and the parameters dictionary agree on every name, given, defaulted, absent or whole-value",
        arguments: [
            "notes://x-callback-url/add?title=a&body=b",
            "notes://x-callback-url/add?title=a",
            "notes://x-callback-url/add?&title=a&&",
        ]
    )
    func valueAndDictionaryAgree(url: String) throws {
        let endpoint = try TestSpecs.endpoint("rich")
        let request = try endpoint.evaluate(url)
        let dictionary = request.parameters
        #expect(dictionary["title"]?.canonical == "a")
        let action = try #require(endpoint.spec.actions.first { $0.name == request.actionName })
        for name in action.parameters.map(\.name) + ["no-such-parameter"] {
            #expect(request.value(of: name) == dictionary[name], "\(name)")
        }
    }

    @Test("A whole-query value under a parameter's name (possible only in code) stands in for it, as before")
    func wholeValueUnderAParameterName() throws {
        let action = Action(
            name: "open",
            routes: [try RoutePattern("notes://open")],
            convention: .none,
            parameters: [ParameterSpec(name: "q", type: .string, isRequired: true)],
            queryValue: ParameterSpec(name: "q", type: .string)
        )
        let spec = Spec(app: AppDescription(name: "Notes", schemes: ["notes"]), actions: [action])
        let request = try Endpoint(spec: spec).evaluate("notes://open?hello")
        #expect(request.value(of: "q") == .string("hello"))
        #expect(request.parameters == ["q": .string("hello")])
    }

    @Test("A request built by hand keeps the dictionary it was given")
    func handBuilt() {
        let request = AcceptedRequest(actionName: "a", convention: .none, parameters: ["x": .integer(1)], callbacks: [:], url: "notes://a?x=1")
        #expect(request.value(of: "x") == .integer(1))
        #expect(request.value(of: "y") == nil)
        #expect(request.parameters == ["x": .integer(1)])
    }
}
