import Foundation
import Roundtrip
import RoundtripYAML
import Testing

/// `required-callbacks` and `requires-one-of` in the decision and the builder: a request without a
/// required callback is `missing-callback`, one without any member of a group is
/// `missing-parameter` naming the group, and every URL the builder writes is accepted.
@Suite struct RequirementsDecisionTests {
    static let spec = try! SpecLoader.load(
        yaml: """
            roundtrip: 1
            app: {name: Journal, schemes: [journal]}
            actions:
              open-note:
                convention: x-callback-url
                required-callbacks: [success, error]
                requires-one-of: [[id, day], [view, edit]]
                parameters:
                  id: {type: uuid}
                  day: {type: date}
                  view: {type: string, allow-empty: true}
                  edit: {type: boolean}
            """
    ).spec
    static let endpoint = try! Endpoint(spec: spec)
    static let callbacks = "x-success=caller%3A%2F%2Fok&x-error=caller%3A%2F%2Ffailed"
    static let base = "journal://x-callback-url/open-note?"

    @Test(arguments: [
        "id=6F9619FF-8B86-D011-B42D-00C04FC964FF&edit=true", "day=2026-11-25&view=",
        "id=6F9619FF-8B86-D011-B42D-00C04FC964FF&day=2026-11-25&view=&edit=false",
    ])
    func aRequestWithOneOfEachGroupIsAccepted(query: String) throws {
        #expect(try Self.endpoint.evaluate(Self.base + query + "&" + Self.callbacks).actionName == "open-note")
    }

    @Test(
        arguments: [
            ("edit=true&" + callbacks, RoundtripError.Code.missingParameter, "the action 'open-note' requires one of 'id', 'day'", "id"),
            ("day=2026-11-25&" + callbacks, .missingParameter, "the action 'open-note' requires one of 'view', 'edit'", "view"),
            (
                "day=2026-11-25&edit=true&x-error=caller%3A%2F%2Ffailed", .missingCallback,
                "the action 'open-note' requires the 'x-success' callback, on which it answers 'success'", "x-success"
            ),
            (
                "day=2026-11-25&edit=true&x-success=caller%3A%2F%2Fok", .missingCallback,
                "the action 'open-note' requires the 'x-error' callback, on which it answers 'error'", "x-error"
            ),
        ]
    )
    func aRequestMissingARequirementIsRefused(query: String, code: RoundtripError.Code, message: String, parameter: String) {
        do {
            _ = try Self.endpoint.evaluate(Self.base + query)
            Issue.record("accepted")
        } catch {
            #expect(error.code == code)
            #expect(error.message == message)
            #expect(error.parameter == parameter)
        }
    }

    @Test func theBuilderRefusesWithoutACallbackAndChecksTheGroups() throws {
        let builder = try RequestBuilder(partner: Self.spec)
        let parameters = [QueryItem(name: "day", value: "2026-11-25"), QueryItem(name: "edit", value: "true")]
        #expect {
            try builder.build("open-note", parameters: parameters)
        } throws: { error in
            (error as? RoundtripError)?.code == .missingCallback
                && (error as? RoundtripError)?.message
                    == "the partner's action 'open-note' requires the 'x-success' callback (required-callbacks); pass a callback base"
        }
        #expect {
            try builder.build("open-note", parameters: [QueryItem(name: "day", value: "2026-11-25")], callback: "caller://back")
        } throws: { error in
            (error as? RoundtripError)?.code == .missingParameter
        }
        let built = try builder.build("open-note", parameters: parameters, callback: "caller://back")
        #expect(try Self.endpoint.evaluate(built.url).actionName == "open-note")
    }

    /// An action without the keys takes the path it always took: no group is checked, no
    /// callback required.
    @Test func anActionWithoutTheKeysIsUnchanged() throws {
        var spec = Self.spec
        spec.actions[0].requiredCallbacks = []
        spec.actions[0].requiresOneOf = []
        #expect(try Endpoint(spec: spec).evaluate(Self.base + "view=").actionName == "open-note")
    }
}
