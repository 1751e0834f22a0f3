import Roundtrip
import RoundtripYAML
import Testing

/// `required-callbacks` and `requires-one-of`: what they load as, and a typed load error for
/// every combination that cannot work.
@Suite struct SpecLoaderRequirementsTests {
    static func spec(_ keys: String, convention: String = "x-callback-url", url: String = "notes://x-callback-url/open") -> String {
        """
        roundtrip: 1
        app: {name: Notes, schemes: [notes]}
        actions:
          open:
            url: \(url)
            convention: \(convention)
            parameters:
              id: {type: string}
              day: {type: date}
              text: {type: string}
              url: {type: url}
              title: {type: string, required: true}
              mode: {type: string, default: view}
            \(keys)
        """
    }

    @Test func bothKeysLoad() throws {
        let action = try SpecLoader.load(yaml: Self.spec("required-callbacks: [success, error]\n    requires-one-of: [id, day]")).spec
            .action(named: "open")
        #expect(action?.requiredCallbacks == ["success", "error"])
        #expect(action?.requiresOneOf == [["id", "day"]])
        let groups = try SpecLoader.load(yaml: Self.spec("requires-one-of: [[id, day], [text, url]]\n    required-callbacks: success")).spec
            .action(named: "open")
        #expect(groups?.requiresOneOf == [["id", "day"], ["text", "url"]])
        #expect(groups?.requiredCallbacks == ["success"])
        let ulc = try SpecLoader.load(
            yaml: Self.spec("required-callbacks: [error]", convention: "ulc", url: "https://notes.example.com/open")
                .replacingOccurrences(of: "schemes: [notes]", with: "schemes: [notes], domains: [notes.example.com]")
        ).spec
        #expect(ulc.action(named: "open")?.requiredCallbacks == ["error"])
    }

    /// (the keys, convention, rule, key path, message)
    static let errors: [(String, String, String, String, String)] = [
        (
            "required-callbacks: [success]", "none", "convention-mismatch", "actions.open.required-callbacks",
            "'required-callbacks' applies to x-callback-url and ulc actions only (and to custom actions, which name their own callbacks): a none action never answers, so it has no callbacks; drop it"
        ),
        (
            "required-callbacks: [success]", "return-url", "convention-mismatch", "actions.open.required-callbacks",
            "'required-callbacks' applies to x-callback-url and ulc actions only (and to custom actions, which name their own callbacks): a return-url request always carries its one return URL ('returnURL' or the action's 'return-parameter'); drop it"
        ),
        (
            "required-callbacks: [x-success]", "x-callback-url", "invalid-value", "actions.open.required-callbacks",
            "'x-success' is not an outcome of x-callback-url (its outcomes are success, error, cancel); list outcomes, not parameter names"
        ),
        (
            "outcomes: [success, error]\n    required-callbacks: [cancel]", "x-callback-url", "invalid-value", "actions.open.required-callbacks",
            "'cancel' is not among the action's outcomes (success, error), so its callback would never be opened; add it to 'outcomes' or drop it here"
        ),
        (
            "required-callbacks: []", "x-callback-url", "empty-value", "actions.open.required-callbacks",
            "list at least one outcome whose callback a request must carry (such as [success]), or drop the key"
        ),
        (
            "required-callbacks: [success, success]", "x-callback-url", "duplicate-value", "actions.open.required-callbacks",
            "the outcome 'success' is listed twice"
        ),
        (
            "requires-one-of: [id, zzzzzz]", "none", "invalid-value", "actions.open.requires-one-of",
            "'zzzzzz' is not a parameter of this action; a group names the action's declared query parameters (id, day, text, url, title, mode)"
        ),
        (
            "requires-one-of: [id, dya]", "none", "invalid-value", "actions.open.requires-one-of",
            "'dya' is not a parameter of this action (did you mean 'day'?); a group names the action's declared query parameters (id, day, text, url, title, mode)"
        ),
        (
            "requires-one-of: [id]", "none", "invalid-value", "actions.open.requires-one-of",
            "a group needs at least two parameter names (one of them is required); for a single parameter write 'required: true' on it"
        ),
        (
            "requires-one-of: [[id, day], [text]]", "none", "invalid-value", "actions.open.requires-one-of[1]",
            "a group needs at least two parameter names (one of them is required); for a single parameter write 'required: true' on it"
        ),
        (
            "requires-one-of: [id, title]", "none", "invalid-value", "actions.open.requires-one-of",
            "'title' is 'required: true', so the group is always met and never refuses a request; drop it from the group, or drop 'required'"
        ),
        (
            "requires-one-of: [id, mode]", "none", "invalid-default", "actions.open.requires-one-of",
            "'mode' has a default, so it always has a value and the handler cannot tell whether the caller gave one; drop it from the group, or drop its default"
        ),
        (
            "requires-one-of: [id, day, id]", "none", "duplicate-value", "actions.open.requires-one-of",
            "a group lists each parameter once"
        ),
        (
            "requires-one-of: []", "none", "empty-value", "actions.open.requires-one-of",
            "list a group of at least two parameter names, such as [id, day], or drop the key"
        ),
        (
            "requires-one-of: id", "none", "wrong-type", "actions.open.requires-one-of",
            "expected a list of parameter names ([id, day]) or a list of such lists ([[id, day], [text, url]])"
        ),
    ]

    @Test(arguments: errors)
    func wrongCombinationsAreLoadErrors(keys: String, convention: String, rule: String, path: String, message: String) {
        let found = specLoadError(Self.spec(keys, convention: convention), rule: rule, path: path)
        #expect(found?.message == message)
    }

    @Test func aPlaceholderIsNotAGroupMember() {
        let yaml = Self.spec("requires-one-of: [page, id]", convention: "none", url: "notes://open/:page")
        let found = specLoadError(yaml, rule: "invalid-value", path: "actions.open.requires-one-of")
        #expect(found?.message == "'page' is a route placeholder, which every request carries; a group names optional query parameters")
    }

    @Test func lintNotesRedundantAndEmptyAllowingRequirements() throws {
        let ulc = Self.spec("required-callbacks: [success]", convention: "ulc", url: "https://notes.example.com/open")
        let redundant = try SpecLoader.load(yaml: ulc).diagnostics.filter { $0.rule == "required-callbacks-redundant" }
        #expect(redundant.map(\.keyPath) == ["actions.open.required-callbacks"])
        #expect(redundant.first?.severity == .note)
        let empty = Self.spec("requires-one-of: [id, text]", convention: "none")
            .replacingOccurrences(of: "id: {type: string}", with: "id: {type: string, allow-empty: true}")
            .replacingOccurrences(of: "text: {type: string}", with: "text: {type: string, allow-empty: true}")
        let found = try SpecLoader.load(yaml: empty).diagnostics.filter { $0.rule == "one-of-allows-empty" }
        #expect(
            found.map(\.message) == [
                "every member of the group 'id', 'text' allows an empty value, so 'id=' alone meets it; drop 'allow-empty' from one if an empty value should not count"
            ]
        )
        let clean = try SpecLoader.load(yaml: Self.spec("requires-one-of: [id, text]", convention: "none")).diagnostics
        #expect(!clean.contains { $0.rule == "one-of-allows-empty" })
    }
}
