import Roundtrip
import RoundtripYAML
import Testing

/// A `requires-one-of` group is met by a member that names something: `name=` counts only for
/// a member with `allow-empty` (its "clear this field"); the empty text of a string or base64
/// member without it is refused as if it were absent, and the message says why.
@Suite("requires-one-of: an empty value counts only with allow-empty")
struct RequiresOneOfEmptyValueTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes]}
        actions:
          open-note:
            url: notes://open
            convention: none
            requires-one-of: [id, title, blob]
            parameters:
              id: {type: string}
              title: {type: string, allow-empty: true}
              blob: {type: base64}
              other: {type: string}
        """

    static func decide(_ query: String) throws -> Result<[String: String], RoundtripError> {
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        do {
            return .success(try endpoint.evaluate("notes://open?" + query).canonicalParameters)
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: [
        ("id=7", ["id": "7"]),
        ("title=", ["title": ""]),
        ("id=&title=", ["id": "", "title": ""]),
        ("blob=AA%3D%3D", ["blob": "AA=="]),
        ("id=&blob=AA%3D%3D", ["id": "", "blob": "AA=="]),
    ])
    func aMemberThatNamesSomethingMeetsTheGroup(query: String, values: [String: String]) throws {
        #expect(try Self.decide(query).get() == values)
    }

    @Test(arguments: [
        ("id=", "the action 'open-note' requires one of 'id', 'title', 'blob' ('id=' is empty, which counts only with 'allow-empty')"),
        ("id", "the action 'open-note' requires one of 'id', 'title', 'blob' ('id=' is empty, which counts only with 'allow-empty')"),
        (
            "id=&blob=&other=x",
            "the action 'open-note' requires one of 'id', 'title', 'blob' ('id=', 'blob=' are empty, which counts only with 'allow-empty')"
        ),
        ("other=x", "the action 'open-note' requires one of 'id', 'title', 'blob'"),
    ])
    func anEmptyMemberWithoutAllowEmptyDoesNotMeetTheGroup(query: String, message: String) throws {
        guard case .failure(let error) = try Self.decide(query) else {
            Issue.record("accepted \(query)")
            return
        }
        #expect(error.code == .missingParameter)
        #expect(error.message == message)
        #expect(error.parameter == "id")
    }
}
