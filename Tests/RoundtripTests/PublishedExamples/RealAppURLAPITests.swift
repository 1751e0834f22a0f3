import Foundation
import Roundtrip
import RoundtripTestSupport
import RoundtripYAML
import Testing

/// Every example URL that three real apps' URL documentation prints, decided against the specs in
/// `Examples/` that describe those APIs.
///
/// The pages:
/// - Things: "Things URL Scheme", Things Support, Cultured Code,
///   https://culturedcode.com/things/support/articles/2803573/ (spec: `Examples/things.yaml`).
/// - Bear: "X-callback-url Scheme documentation", Bear,
///   https://bear.app/faq/x-callback-url-scheme-documentation/ (spec: `Examples/bear.yaml`).
/// - Drafts: "URL Schemes", Drafts User Guide, https://docs.getdrafts.com/docs/automation/urlschemes
///   for the actions and parameters, and its two templates; the other example URLs come from the
///   page's earlier revision, "URLs", https://getdrafts.com/urls/ (the drafts5: scheme of Drafts
///   5), kept in Agile Tortoise's drafts-reference repository (`topics/urls.md`), in both of that
///   file's versions where they differ. The current page's own examples were not at hand in full
///   and are not quoted here (spec: `Examples/drafts.yaml`).
///
/// Each URL is copied as the page prints it; a URL printed over several lines is joined by
/// dropping each line break and the indentation after it. The expected parameters are what the
/// page implies, defaults the page states included, in canonical text (a list as its items).
@Suite("Real apps' URL APIs: every example URL of Things', Bear's and Drafts' documentation")
struct RealAppURLAPITests {
    /// A parameter's expected value: one canonical text, or a list's items.
    enum Expected: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
        case value(String)
        case list([String])

        init(stringLiteral value: String) { self = .value(value) }
        init(arrayLiteral elements: String...) { self = .list(elements) }

        init(_ value: ParameterValue) {
            self = value.canonicalItems.map(Expected.list) ?? .value(value.canonical)
        }

        var description: String {
            switch self {
            case .value(let text): "\"\(text)\""
            case .list(let items): "\(items)"
            }
        }
    }

    /// What the decision should be.
    enum Verdict: Sendable {
        /// Accepted as this action with exactly these parameters.
        case accepted(String, [String: Expected])
        /// Rejected with this code, naming this parameter (or none).
        case rejected(RoundtripError.Code, parameter: String?)
    }

    /// One printed URL and its verdict, with why.
    struct Example: Sendable, CustomTestStringConvertible {
        let url: String
        let verdict: Verdict
        let why: String

        init(_ url: String, _ verdict: Verdict, _ why: String = "") {
            self.url = url
            self.verdict = verdict
            self.why = why
        }

        var testDescription: String { url.count <= 120 ? url : String(url.prefix(117)) + "…" }
    }

    /// A URL the page prints over several lines, joined.
    static func joined(_ printed: String) -> String {
        printed.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop(while: { $0 == " " || $0 == "\t" }) }
            .joined()
    }

    /// The token the test environment gives each app: Things' is any value (no example carries
    /// one); Bear's is the placeholder its page prints, standing for the user's own.
    static let environment = [
        "THINGS_AUTH_TOKEN": "things-test-token",
        "BEAR_API_TOKEN": "123456-123456-123456",
    ]

    static func endpoint(_ app: String) throws -> Endpoint {
        let spec = try SpecLoader.load(contentsOf: Fixture.repository.appendingPathComponent("Examples/\(app).yaml").path).spec
        return try Endpoint(spec: spec, keys: EnvironmentKeyResolver(environment: environment))
    }

    static func decide(_ example: Example, with endpoint: Endpoint) {
        switch example.verdict {
        case .accepted(let action, let expected):
            do {
                let request = try endpoint.evaluate(example.url)
                #expect(request.actionName == action, "\(example.why)")
                #expect(request.parameters.mapValues(Expected.init) == expected, "\(example.why)")
            } catch {
                Issue.record("rejected \(example.url): \(error.code): \(error.message)")
            }
        case .rejected(let code, let parameter):
            guard let error = rejection(of: { try endpoint.evaluate(example.url) }) else {
                Issue.record("accepted \(example.url), expected \(code): \(example.why)")
                return
            }
            #expect(error.code == code, "\(error.message) — \(example.why)")
            #expect(error.parameter == parameter, "\(error.message) — \(example.why)")
        }
    }

    // MARK: - Things

    /// The defaults `add` states ("Default: false").
    static let addDefaults: [String: Expected] = ["completed": "false", "canceled": "false", "show-quick-entry": "false", "reveal": "false"]
    /// The defaults `add-project` states.
    static let projectDefaults: [String: Expected] = ["completed": "false", "canceled": "false", "reveal": "false"]

    static func add(_ parameters: [String: Expected]) -> Verdict {
        .accepted("add", parameters.merging(addDefaults) { given, _ in given })
    }

    static func addProject(_ parameters: [String: Expected]) -> Verdict {
        .accepted("add-project", parameters.merging(projectDefaults) { given, _ in given })
    }

    /// The page: "`id` and `auth-token` must be specified", yet none of its update examples carries
    /// the token (it is the user's own secret).
    static let missingToken = Verdict.rejected(.missingParameter, parameter: "auth-token")
    static let tokenWhy = "the page omits auth-token, which it says update commands must carry → missing-parameter"

    /// The json command's first example, printed unencoded "for clarity".
    static let goShoppingPrinted = """
        things:///json?data=
          [
            {
              "type": "project",
              "attributes": {
                "title": "Go Shopping",
                "items": [
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "Bread"
                    }
                  },
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "Milk"
                    }
                  }
                ]
              }
            }
          ]
        """

    /// The page's "JSON Example" section, also printed unencoded.
    static let jsonExamplePrinted = """
        things:///json?data=
          [
            {
              "type": "project",
              "attributes": {
                "title": "Go Shopping",
                "items": [
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "Bread"
                    }
                  },
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "Milk"
                    }
                  }
                ]
              }
            },
            {
              "type": "project",
              "attributes": {
                "title": "Vacation in Rome",
                "notes": "Some time in August.",
                "area": "Family",
                "items": [
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "Ask Sarah for travel guide"
                    }
                  },
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "Add dates to calendar"
                    }
                  },
                  {
                    "type": "heading",
                    "attributes": {
                      "title": "Sights"
                    }
                  },
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "Vatican City"
                    }
                  },
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "The Colosseum",
                      "notes": "12€"
                    }
                  },
                  {
                    "type": "heading",
                    "attributes": {
                      "title": "Planning"
                    }
                  },
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "Call Paolo",
                      "completed": true
                    }
                  },
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "Book flights",
                      "when": "today"
                    }
                  },
                  {
                    "type": "to-do",
                    "attributes": {
                      "title": "Research",
                      "checklist-items": [
                        {
                          "type": "checklist-item",
                          "attributes": {
                            "title": "Hotels",
                            "completed": true
                          }
                        },
                        {
                          "type": "checklist-item",
                          "attributes": {
                            "title": "Transport from airport"
                          }
                        }
                      ]
                    }
                  }
                ]
              }
            },
            {
              "type": "to-do",
              "attributes": {
                "title": "Pick up dry cleaning",
                "when": "evening",
                "tags": [
                  "Errand"
                ]
              }
            },
            {
              "type": "to-do",
              "attributes": {
                "title": "Submit report",
                "deadline": "2026-02-01",
                "list": "Work"
              }
            }
          ]
        """

    /// The "URL Encoded Example" before its white space is removed.
    static let buyMilkPrinted = """
        things:///json?data=
          [
            {
              "type": "to-do",
              "attributes": {
                "title": "Buy milk"
              }
            }
          ]
        """

    static let unencoded =
        "the page prints this JSON unencoded for clarity and says it must be URL encoded first; a raw '\"', '{' or space is not allowed in a URL → malformed-url"

    static let thingsExamples: [Example] = [
        // The overview: the form of every command, a template rather than a command.
        Example(
            joined("things:///commandName?\n    parameter1=value1&\n    parameter2=value2&\n    ..."),
            .rejected(.unknownRoute, parameter: nil),
            "the overview's template: 'commandName' stands for a command, and Things has none by that name → unknown-route"
        ),
        Example("things:///add?title=Buy%20milk&notes=High%20fat", add(["title": "Buy milk", "notes": "High fat"]), "the overview's to-do"),
        // add
        Example("things:///add?title=Book%20flights", add(["title": "Book flights"]), "a to-do in the Inbox"),
        Example(
            "things:///add?title=Buy%20milk&notes=Low%20fat.&when=evening&tags=Errand",
            add(["title": "Buy milk", "notes": "Low fat.", "when": "evening", "tags": ["Errand"]]),
            "a tag and notes, this evening"
        ),
        Example(
            "things:///add?titles=Milk%0aBeer%0aCheese&list=Shopping",
            add(["titles": ["Milk", "Beer", "Cheese"], "list": "Shopping"]),
            "three to-dos, one per line of titles"
        ),
        Example(
            "things:///add?title=Call%20doctor&when=next%20monday&list-id=TryhwrjdiHEXfjgNtw81yt",
            add(["title": "Call doctor", "when": "next monday", "list-id": "TryhwrjdiHEXfjgNtw81yt"]),
            "natural-language when, an area by ID"
        ),
        Example(
            "things:///add?title=Collect%20dry%20cleaning&when=evening@6pm",
            add(["title": "Collect dry cleaning", "when": "evening@6pm"]),
            "a date time string: a reminder at 6 PM"
        ),
        // add-project
        Example(
            "things:///add-project?title=Build%20treehouse&when=today",
            addProject(["title": "Build treehouse", "when": "today"]),
            "a project starting today"
        ),
        Example(
            "things:///add-project?title=Plan%20Birthday%20Party&area=Family",
            addProject(["title": "Plan Birthday Party", "area": "Family"]),
            "a project in an area by title"
        ),
        Example(
            "things:///add-project?title=Submit%20Tax&deadline=December%2031&area-id=Lg8UqVPXo2SbJNiBpDBBQ",
            addProject(["title": "Submit Tax", "deadline": "December 31", "area-id": "Lg8UqVPXo2SbJNiBpDBBQ"]),
            "a natural-language deadline, an area by ID"
        ),
        // update: all five omit the token the page requires.
        Example("things:///update?id=SyJEz273ceSkabUbciM73A&when=today", missingToken, tokenWhy),
        Example("things:///update?id=SyJEz273ceSkabUbciM73A&title=Buy%20bread", missingToken, tokenWhy),
        Example("things:///update?id=SyJEz273ceSkabUbciM73A&append-notes=Wholemeal%20bread", missingToken, tokenWhy),
        Example("things:///update?id=SyJEz273ceSkabUbciM73A&append-checklist-items=Cheese%0aBread%0aEggplant", missingToken, tokenWhy),
        Example("things:///update?id=SyJEz273ceSkabUbciM73A&deadline=", missingToken, tokenWhy),
        // update-project: likewise.
        Example("things:///update-project?id=Jvj7EW1fLoScPhaw2JomCT&when=tomorrow", missingToken, tokenWhy),
        Example("things:///update-project?id=Jvj7EW1fLoScPhaw2JomCT&add-tags=Important", missingToken, tokenWhy),
        Example("things:///update-project?id=Jvj7EW1fLoScPhaw2JomCT&prepend-notes=SFO%20to%20JFK.", missingToken, tokenWhy),
        Example("things:///update-project?id=Jvj7EW1fLoScPhaw2JomCT&deadline=", missingToken, tokenWhy),
        // show
        Example("things:///show?id=today", .accepted("show", ["id": "today"]), "a built-in list"),
        Example("things:///show?id=GJJVZHE7SNu7xcVuH2xDDh", .accepted("show", ["id": "GJJVZHE7SNu7xcVuH2xDDh"]), "a to-do by ID"),
        Example("things:///show?id=Qi9pM1heCNAZxKREgQrwnJ", .accepted("show", ["id": "Qi9pM1heCNAZxKREgQrwnJ"]), "a project by ID"),
        Example("things:///show?query=vacation", .accepted("show", ["query": "vacation"]), "a project by title"),
        Example(
            "things:///show?query=vacation&filter=errand",
            .accepted("show", ["query": "vacation", "filter": ["errand"]]),
            "filtered by one tag"
        ),
        // search
        Example("things:///search?query=vacation", .accepted("search", ["query": "vacation"]), "search for text"),
        Example("things:///search", .accepted("search", [:]), "the search screen, empty"),
        // version
        Example("things:///version", .accepted("version", [:]), "no parameters"),
        // json
        Example(joined(goShoppingPrinted), .rejected(.malformedURL, parameter: nil), unencoded),
        Example(joined(jsonExamplePrinted), .rejected(.malformedURL, parameter: nil), unencoded),
        Example(joined(buyMilkPrinted), .rejected(.malformedURL, parameter: nil), unencoded),
        Example(
            #"things:///json?data=[{"type":"to-do","attributes":{"title":"Buy milk"}}]"#,
            .rejected(.malformedURL, parameter: nil),
            "the white space removed but not yet encoded, as the page shows the step: '\"', '{' and the space in 'Buy milk' → malformed-url"
        ),
        Example(
            "things:///json?data=%5B%7B%22type%22:%22to-do%22,%22attributes%22:%7B%22title%22:%22Buy%20milk%22%7D%7D%5D",
            .accepted("json", ["data": #"[{"type":"to-do","attributes":{"title":"Buy milk"}}]"#, "reveal": "false"]),
            "the encoded form the page ends with: valid JSON, no update operation, so no token"
        ),
    ]

    @Test(arguments: thingsExamples)
    func thingsExample(_ example: Example) throws {
        Self.decide(example, with: try Self.endpoint("things"))
    }

    /// The page's update examples with the token the page says they need: each is then accepted,
    /// so the token was the only thing missing. The `deadline=` form clears the field (`""`).
    @Test(
        arguments: [
            ("things:///update?id=SyJEz273ceSkabUbciM73A&when=today", "update", ["when": "today"]),
            ("things:///update?id=SyJEz273ceSkabUbciM73A&title=Buy%20bread", "update", ["title": "Buy bread"]),
            ("things:///update?id=SyJEz273ceSkabUbciM73A&append-notes=Wholemeal%20bread", "update", ["append-notes": "Wholemeal bread"]),
            (
                "things:///update?id=SyJEz273ceSkabUbciM73A&append-checklist-items=Cheese%0aBread%0aEggplant", "update",
                ["append-checklist-items": ["Cheese", "Bread", "Eggplant"]]
            ),
            ("things:///update?id=SyJEz273ceSkabUbciM73A&deadline=", "update", ["deadline": ""]),
            ("things:///update-project?id=Jvj7EW1fLoScPhaw2JomCT&when=tomorrow", "update-project", ["when": "tomorrow"]),
            ("things:///update-project?id=Jvj7EW1fLoScPhaw2JomCT&add-tags=Important", "update-project", ["add-tags": ["Important"]]),
            ("things:///update-project?id=Jvj7EW1fLoScPhaw2JomCT&prepend-notes=SFO%20to%20JFK.", "update-project", ["prepend-notes": "SFO to JFK."]),
            ("things:///update-project?id=Jvj7EW1fLoScPhaw2JomCT&deadline=", "update-project", ["deadline": ""]),
        ] as [(String, String, [String: Expected])]
    )
    func thingsUpdatesWithTheirToken(url: String, action: String, changes: [String: Expected]) throws {
        let endpoint = try Self.endpoint("things")
        let id: Expected = action == "update" ? "SyJEz273ceSkabUbciM73A" : "Jvj7EW1fLoScPhaw2JomCT"
        let fixed: [String: Expected] = ["id": id, "auth-token": .value(ParameterValue.redacted), "reveal": "false", "duplicate": "false"]
        let expected = changes.merging(fixed) { given, _ in given }
        Self.decide(Example(url + "&auth-token=things-test-token", .accepted(action, expected)), with: endpoint)
        // The wrong token is refused, and never echoed.
        let error = try #require(rejection(of: { try endpoint.evaluate(url + "&auth-token=guessed") }))
        #expect(error.code == .unauthorized)
        #expect(error.parameter == "auth-token")
        #expect(!error.message.contains("guessed") && !error.message.contains("things-test-token"))
    }

    // MARK: - Bear

    static let bearExamples: [Example] = [
        Example(
            "bear://x-callback-url/[action]?[action parameters]&[x-callback parameters]",
            .rejected(.malformedURL, parameter: nil),
            "the page's template: its spaces (and '[' in the path) are not allowed in a URL → malformed-url"
        ),
        // open-note
        Example("bear://x-callback-url/open-note?id=7E4B681B", .accepted("open-note", ["id": "7E4B681B"]), "a note by id"),
        Example(
            "bear://x-callback-url/open-note?id=7E4B681B&header=Secondary%20Ttitle",
            .accepted("open-note", ["id": "7E4B681B", "header": "Secondary Ttitle"]),
            "a header inside the note ('Ttitle' is the page's spelling)"
        ),
        // create
        Example(
            "bear://x-callback-url/create?title=My%20Note%20Title&text=First%20line&tags=home,home%2Fgroceries",
            .accepted("create", ["title": "My Note Title", "text": "First line", "tags": ["home", "home/groceries"]]),
            "two tags, one nested"
        ),
        // add-text
        Example(
            "bear://x-callback-url/add-text?text=new%20line&id=4EDAF0D1&mode=append",
            .accepted("add-text", ["text": "new line", "id": "4EDAF0D1", "mode": "append"]),
            "append to a note"
        ),
        // add-file: the base64 is percent-encoded, as the page says it must be.
        Example(
            "bear://x-callback-url/add-file?filename=test.gif&id=4EDAF0D1-2EFF-4190-BC1D-67D9BAE49BA9-28433-000187BAA3D182EF&mode=append&file=R0lGODlhAQABAIAAAP%2F%2F%2F%2F%2F%2F%2FyH5BAEKAAEALAAAAAABAAEAAAICTAEAOw%3D%3D",
            .accepted(
                "add-file",
                [
                    "filename": "test.gif", "id": "4EDAF0D1-2EFF-4190-BC1D-67D9BAE49BA9-28433-000187BAA3D182EF", "mode": "append",
                    "file": "R0lGODlhAQABAIAAAP///////yH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==",
                ]
            ),
            "a 43-byte GIF, base64 then percent-encoded"
        ),
        // tags: the page's token stands for the user's; the test environment holds that value.
        Example(
            "bear://x-callback-url/tags?token=123456-123456-123456",
            .accepted("tags", ["token": .value(ParameterValue.redacted)]),
            "the token is required here"
        ),
        // open-tag
        Example("bear://x-callback-url/open-tag?name=work", .accepted("open-tag", ["name": ["work"]]), "one tag"),
        Example("bear://x-callback-url/open-tag?name=todo%2Fwork", .accepted("open-tag", ["name": ["todo/work"]]), "a nested tag"),
        // rename-tag, delete-tag
        Example("bear://x-callback-url/rename-tag?name=todo&new_name=done", .accepted("rename-tag", ["name": "todo", "new_name": "done"])),
        Example("bear://x-callback-url/delete-tag?name=todo", .accepted("delete-tag", ["name": "todo"])),
        // trash, archive
        Example("bear://x-callback-url/trash?id=7E4B681B", .accepted("trash", ["id": "7E4B681B"])),
        Example("bear://x-callback-url/trash?search=old", .accepted("trash", ["search": "old"])),
        Example("bear://x-callback-url/archive?id=7E4B681B", .accepted("archive", ["id": "7E4B681B"])),
        Example("bear://x-callback-url/archive?search=projects", .accepted("archive", ["search": "projects"])),
        // the sidebar lists
        Example("bear://x-callback-url/untagged?search=home", .accepted("untagged", ["search": "home"])),
        Example("bear://x-callback-url/todo?search=home", .accepted("todo", ["search": "home"])),
        Example("bear://x-callback-url/today?search=family", .accepted("today", ["search": "family"])),
        Example("bear://x-callback-url/locked?search=data", .accepted("locked", ["search": "data"])),
        // search
        Example("bear://x-callback-url/search?term=nemo&tag=movies", .accepted("search", ["term": "nemo", "tag": "movies"])),
        // grab-url: the page leaves the URL's ':' and '/' unencoded, which a query may hold.
        Example("bear://x-callback-url/grab-url?url=https://bear.app", .accepted("grab-url", ["url": "https://bear.app"])),
    ]

    @Test(arguments: bearExamples)
    func bearExample(_ example: Example) throws {
        Self.decide(example, with: try Self.endpoint("bear"))
    }

    /// The tags call without its required token, and with another device's token.
    @Test func bearTokenIsRequiredAndChecked() throws {
        let endpoint = try Self.endpoint("bear")
        let missing = try #require(rejection(of: { try endpoint.evaluate("bear://x-callback-url/tags") }))
        #expect(missing.code == .missingParameter)
        #expect(missing.parameter == "token")
        let wrong = try #require(rejection(of: { try endpoint.evaluate("bear://x-callback-url/tags?token=654321-654321-654321") }))
        #expect(wrong.code == .unauthorized)
        #expect(!wrong.message.contains("654321"))
    }

    // MARK: - Drafts

    static let placeholderUUID = "the page's placeholder UUID-TO-VALID-DRAFT stands for a draft's UUID and is not one → invalid-parameter"
    static let placeholderCallback = "x-success=APP-URL is a placeholder, not an absolute URL to call back → forbidden-callback"

    static let draftsExamples: [Example] = [
        // The current page's templates.
        Example(
            "drafts://x-callback-url/[actionName]?[queryParameters]",
            .rejected(.malformedURL, parameter: nil),
            "the page's template: '[' may not stand unencoded in a path → malformed-url"
        ),
        Example(
            "drafts://[actionName]...",
            .rejected(.malformedURL, parameter: nil),
            "the page's host-less template: a host that opens with '[' must be an IPv6 literal, and '[actionName]...' is not one → malformed-url"
        ),
        // The earlier revision's examples.
        Example(
            "drafts5://x-callback-url/create?text=Hello%20World",
            .accepted("create", ["text": "Hello World", "folder": "inbox", "flagged": "false"]),
            "a new draft; folder and flagged take the defaults the current page states"
        ),
        Example("drafts5://x-callback-url/open?uuid=UUID-TO-VALID-DRAFT", .rejected(.invalidParameter, parameter: "uuid"), placeholderUUID),
        Example(
            "drafts5://x-callback-url/get?uuid=UUID-TO-VALID-DRAFT&x-success=APP-URL",
            .rejected(.forbiddenCallback, parameter: "x-success"),
            "two placeholders; the callbacks are checked before the parameters, so " + placeholderCallback
        ),
        Example(
            "drafts5://x-callback-url/prepend?uuid=UUID-TO-VALID-DRAFT&text=TEXT-TO-ADD",
            .rejected(.invalidParameter, parameter: "uuid"),
            placeholderUUID
        ),
        Example(
            "drafts5://x-callback-url/append?uuid=UUID-TO-VALID-DRAFT&text=TEXT-TO-ADD",
            .rejected(.invalidParameter, parameter: "uuid"),
            placeholderUUID
        ),
        // Printed with a line break before the closing backtick; joined, it ends at length=10.
        Example(
            joined("drafts4://x-callback-url/replaceRange?uuid=UUID-TO-VALID-DRAFT&text=TEXT-TO-INSERT&start=0&length=10\n"),
            .rejected(.unknownRoute, parameter: nil),
            "the first version prints drafts4:, the scheme of the older Drafts 4 app, where every other example uses drafts5: → unknown-route"
        ),
        Example(
            joined("drafts5://x-callback-url/replaceRange?uuid=UUID-TO-VALID-DRAFT&text=TEXT-TO-INSERT&start=0&length=10\n"),
            .rejected(.invalidParameter, parameter: "uuid"),
            "the later version corrects the scheme to drafts5:; " + placeholderUUID
        ),
        Example("drafts5://x-callback-url/search?query=QUERY-TEXT", .accepted("search", ["query": "QUERY-TEXT"]), "placeholder text is still text"),
        Example("drafts5://x-callback-url/workspace?name=WORKSPACE-NAME", .accepted("workspace", ["name": "WORKSPACE-NAME"])),
        Example(
            "drafts5://x-callback-url/loadActionGroup?name=WORKSPACE-NAME",
            .accepted("loadActionGroup", ["name": "WORKSPACE-NAME"]),
            "the page reuses the workspace placeholder for a group name"
        ),
        Example(
            "drafts5://x-callback-url/loadKeyboardActionGroup?name=WORKSPACE-NAME",
            .accepted("loadKeyboardActionGroup", ["name": "WORKSPACE-NAME"]),
            "only the earlier revision documents it, on drafts5: only; the placeholder again"
        ),
        Example(
            "drafts5://x-callback-url/prepend?uuid=UUID-TO-VALID-DRAFT&text=TEXT-TO-ADD",
            .rejected(.invalidParameter, parameter: "uuid"),
            "printed again under /runAction (a copy of the prepend example); " + placeholderUUID
        ),
        Example(
            "drafts5://x-callback-url/runAction?text=TEXT&action=VALID-ACTION-NAME",
            .accepted("runAction", ["text": "TEXT", "action": "VALID-ACTION-NAME"])
        ),
        Example(
            "drafts5://x-callback-url/dictate?x-success=APP-URL",
            .rejected(.forbiddenCallback, parameter: "x-success"),
            placeholderCallback
        ),
        Example(
            "drafts5://x-callback-url/arrange?x-success=APP-URL",
            .rejected(.forbiddenCallback, parameter: "x-success"),
            "it also lacks text, which the page says is required, but the callback is checked first: " + placeholderCallback
        ),
    ]

    @Test(arguments: draftsExamples)
    func draftsExample(_ example: Example) throws {
        Self.decide(example, with: try Self.endpoint("drafts"))
    }

    /// The earlier revision's rejected examples with their placeholders filled in (a draft's real
    /// UUID, a callback URL, the missing text), on the current drafts: scheme and its host-less
    /// form: each is then accepted, so the placeholders were the only problem.
    @Test(
        arguments: [
            (
                "drafts://x-callback-url/open?uuid=C2A18889-3DD4-4415-9436-295E9AC86C22", "open",
                ["uuid": "c2a18889-3dd4-4415-9436-295e9ac86c22"]
            ),
            (
                "drafts://get?uuid=C2A18889-3DD4-4415-9436-295E9AC86C22&x-success=my-app%3A%2F%2Fdraft", "get",
                ["uuid": "c2a18889-3dd4-4415-9436-295e9ac86c22"]
            ),
            (
                "drafts://x-callback-url/prepend?uuid=C2A18889-3DD4-4415-9436-295E9AC86C22&text=TEXT-TO-ADD&tag=work&tag=home", "prepend",
                ["uuid": "c2a18889-3dd4-4415-9436-295e9ac86c22", "text": "TEXT-TO-ADD", "tag": ["work", "home"]]
            ),
            (
                "drafts://replaceRange?uuid=C2A18889-3DD4-4415-9436-295E9AC86C22&text=TEXT-TO-INSERT&start=0&length=10", "replaceRange",
                ["uuid": "c2a18889-3dd4-4415-9436-295e9ac86c22", "text": "TEXT-TO-INSERT", "start": "0", "length": "10"]
            ),
            ("drafts://x-callback-url/dictate?x-success=my-app%3A%2F%2Fdictated", "dictate", ["save": "true"]),
            ("drafts://arrange?text=b%0Aa&x-success=my-app%3A%2F%2Farranged", "arrange", ["text": "b\na"]),
        ] as [(String, String, [String: Expected])]
    )
    func draftsWithPlaceholdersFilledIn(url: String, action: String, expected: [String: Expected]) throws {
        Self.decide(Example(url, .accepted(action, expected)), with: try Self.endpoint("drafts"))
    }
}
