import Foundation
import RoundtripToolsTestSupport
import Testing

/// The spec language's newer keys (lists, multiline text, yes-no booleans, JSON, base64,
/// allow-empty, secrets, outcomes, returns, form query encoding, undeclared parameters taken as
/// text) end to end through the binary, with `Tests/Fixtures/specs/notes-app.yaml`.
@Suite("CLI: spec additions")
struct SpecAdditionsCLITests {
    static let spec = CommandLineRunner.fixture("specs/notes-app.yaml")
    static let token = "notes-token-7f3a91c2"
    static let environment = ["NOTES_TOKEN": token]
    static let id = "7d444840-9dc0-11d1-b245-5ffdce74fad2"
    static let now = "1800000000"

    func roundtrip(_ arguments: [String], environment: [String: String] = Self.environment) throws -> CommandLineRunner.Result {
        try CommandLineRunner.run(arguments, environment: environment)
    }

    func handle(_ url: String, json: Bool = true, environment: [String: String] = Self.environment) throws -> CommandLineRunner.Result {
        try roundtrip(["request", "handle", "--spec", Self.spec, url] + (json ? ["--json"] : []), environment: environment)
    }

    func temporaryDirectory() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-cli-additions-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func queryValues(_ url: String, _ name: String) -> [String] {
        (URLComponents(string: url)?.queryItems ?? []).filter { $0.name == name }.compactMap(\.value)
    }

    /// `request build` of `create` with `--param` pairs, the URL it printed.
    func build(_ parameters: [String], callback: String? = nil, ledger: String? = nil) throws -> String {
        var arguments = ["request", "build", "--spec", Self.spec, "--action", "create", "--now", Self.now]
        for parameter in parameters { arguments += ["--param", parameter] }
        if let callback { arguments += ["--callback", callback] }
        if let ledger { arguments += ["--ledger", ledger] }
        let run = try roundtrip(arguments)
        #expect(run.exitCode == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    /// A request to `create` with a callback, recorded in a fresh ledger.
    func pendingRequest() throws -> (ledger: String, request: String) {
        let ledger = temporaryDirectory() + "/ledger"
        let request = try build(["text=Hello", "token=\(Self.token)"], callback: "caller://notes-cb", ledger: ledger)
        return (ledger, request)
    }

    /// The request's x-success (or x-error) URL with `answer` appended: what the partner opens.
    func answer(_ request: String, _ answer: String, outcome: String = "success") throws -> String {
        let callback = try #require(queryValues(request, "x-\(outcome)").first)
        return answer.isEmpty ? callback : callback + "&" + answer
    }

    // MARK: request handle

    /// One accepted request and the `parameters` its `--json` output must hold.
    struct Accepted: Sendable, CustomTestStringConvertible {
        let query: String
        let expected: [String: Expected]
        var testDescription: String { query }
    }

    /// A value of `parameters`: a string or an array of strings.
    enum Expected: Sendable, Equatable {
        case text(String)
        case list([String])

        init?(_ json: Any?) {
            if let text = json as? String {
                self = .text(text)
            } else if let items = json as? [String] {
                self = .list(items)
            } else {
                return nil
            }
        }
    }

    static let accepted: [Accepted] = [
        Accepted(query: "text=Hello%0AWorld", expected: ["text": .text("Hello\nWorld")]),
        Accepted(query: "text=a%0D%0Ab%09c", expected: ["text": .text("a\r\nb\tc")]),
        Accepted(query: "text=a&tag=home", expected: ["tag": .list(["home"])]),
        Accepted(query: "text=a&tag=home&tag=work%2Clate", expected: ["tag": .list(["home", "work,late"])]),
        Accepted(query: "text=a&tags=home,work", expected: ["tags": .list(["home", "work"])]),
        Accepted(query: "text=a&tags=home%2Cwork", expected: ["tags": .list(["home", "work"])]),
        Accepted(query: "text=a&pinned=YES", expected: ["pinned": .text("true")]),
        Accepted(query: "text=a&pinned=no", expected: ["pinned": .text("false")]),
        Accepted(query: "text=a&meta=%7B%22k%22%3A%5B1%2C2%5D%7D", expected: ["meta": .text(#"{"k":[1,2]}"#)]),
        Accepted(query: "text=a&attachment=aGVsbG8%3D", expected: ["attachment": .text("aGVsbG8=")]),
        Accepted(query: "text=a&due=", expected: ["due": .text("")]),
        Accepted(query: "text=a&due=2028-02-29", expected: ["due": .text("2028-02-29")]),
        Accepted(query: "text=a&token=\(token)", expected: ["text": .text("a"), "token": .text("***")]),
        Accepted(query: "text=a+b", expected: ["text": .text("a+b")]),
    ]

    @Test(arguments: accepted, ["notes:///create", "notes://x-callback-url/create"])
    func handlePrintsCanonicalValuesListsAsArrays(_ example: Accepted, route: String) throws {
        let run = try handle(route + "?" + example.query)
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        let json = try #require(run.json)
        #expect(json["accepted"] as? Bool == true)
        #expect(json["action"] as? String == "create")
        #expect(json["convention"] as? String == "x-callback-url")
        let parameters = try #require(json["parameters"] as? [String: Any])
        for (name, value) in example.expected {
            #expect(Expected(parameters[name]) == value, "\(name): \(String(describing: parameters[name]))")
        }
        #expect(!run.stdout.contains(Self.token))
    }

    @Test func handleJSONIsTheContract() throws {
        let url =
            "notes:///create?text=Milk%0ABread&tag=home&tag=errands&tags=a,b&pinned=yes&due=&token=\(Self.token)"
            + "&x-success=caller%3A%2F%2Fok&x-error=caller%3A%2F%2Ffailed"
        let run = try handle(url)
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout
                == #"{"accepted":true,"action":"create","callbacks":{"error":"caller://failed","success":"caller://ok"},"convention":"x-callback-url","parameters":{"due":"","pinned":"true","tag":["home","errands"],"tags":["a","b"],"text":"Milk\nBread","token":"***"}}"#
                + "\n"
        )
    }

    @Test func handleTextShowsListsReadably() throws {
        let url = "notes:///create?text=Milk%0ABread&tag=home&tag=two%2C%20words&tags=a,b&pinned=yes&token=\(Self.token)"
        let run = try handle(url, json: false)
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout == """
                accepted: create (x-callback-url)
                  pinned = true
                  tag = [home, "two, words"]
                  tags = [a, b]
                  text = Milk
                         Bread
                  token = ***

                """
        )
    }

    /// One refused request: the error code and the parameter it names.
    struct Refused: Sendable, CustomTestStringConvertible {
        let query: String
        let code: String
        let parameter: String
        var testDescription: String { query }
    }

    static let refused: [Refused] = [
        Refused(query: "pinned=yes", code: "missing-parameter", parameter: "text"),
        Refused(query: "text=a%01b", code: "invalid-encoding", parameter: "text"),
        Refused(query: "text=a&tag=home&tag=", code: "invalid-parameter", parameter: "tag"),
        Refused(query: "text=a&tags=a&tags=b", code: "duplicate-parameter", parameter: "tags"),
        Refused(query: "text=a&tags=a,,b", code: "invalid-parameter", parameter: "tags"),
        Refused(query: "text=a&tags=" + (0...20).map(String.init).joined(separator: ","), code: "invalid-parameter", parameter: "tags"),
        Refused(query: "text=a&pinned=true", code: "invalid-parameter", parameter: "pinned"),
        Refused(query: "text=a&meta=%7Bbad", code: "invalid-parameter", parameter: "meta"),
        Refused(query: "text=a&attachment=abc", code: "invalid-parameter", parameter: "attachment"),
        Refused(
            query: "text=a&attachment=" + Data(count: 1025).base64EncodedString().replacingOccurrences(of: "=", with: "%3D"),
            code: "invalid-parameter",
            parameter: "attachment"
        ),
        Refused(query: "text=a&due=2026-02-31", code: "invalid-parameter", parameter: "due"),
        Refused(query: "text=a&color=red", code: "unknown-parameter", parameter: "color"),
    ]

    @Test(arguments: refused)
    func handleRefusesWithATypedError(_ example: Refused) throws {
        let run = try handle("notes:///create?" + example.query)
        #expect(run.exitCode == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.json?["accepted"] as? Bool == false)
        let error = try #require(run.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == example.code, "\(error)")
        #expect(error["parameter"] as? String == example.parameter)
    }

    @Test(arguments: [true, false])
    func aWrongTokenIsUnauthorizedAndNeverEchoed(json: Bool) throws {
        let given = "guessed-token-5b8e02"
        let run = try handle("notes:///create?text=a&token=\(given)", json: json)
        #expect(run.exitCode == 1)
        for output in [run.stdout, run.stderr] {
            #expect(!output.contains(given))
            #expect(!output.contains(Self.token))
        }
        if json {
            let error = try #require(run.json?["error"] as? [String: Any])
            #expect(error["code"] as? String == "unauthorized")
            #expect(error["parameter"] as? String == "token")
        } else {
            #expect(run.stdout.hasPrefix("rejected: unauthorized (token): "))
        }
    }

    @Test func anEmptySecretRefusesEveryToken() throws {
        let run = try handle("notes:///create?text=a&token=\(Self.token)", environment: ["NOTES_TOKEN": ""])
        #expect(run.exitCode == 1)
        let error = try #require(run.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "unauthorized")
        #expect(error["message"] as? String == "the secret for 'token' is unavailable: the environment variable NOTES_TOKEN is set but empty")
        #expect(!run.stdout.contains(Self.token))
    }

    // MARK: form encoding and undeclared parameters

    @Test func formEncodingReadsPlusAsSpaceAndUndeclaredParametersAreStrings() throws {
        let run = try handle("notes://x-callback-url/search?query=milk+and+bread&sort=by+date%2B&x-success=caller%3A%2F%2Ffound")
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout
                == #"{"accepted":true,"action":"search","callbacks":{"success":"caller://found"},"convention":"x-callback-url","parameters":{"query":"milk and bread","sort":"by date+"}}"#
                + "\n"
        )
        let text = try handle("notes://x-callback-url/search?query=milk+and+bread&sort=by+date", json: false)
        #expect(text.stdout == "accepted: search (x-callback-url)\n  query = milk and bread\n  sort = by date (undeclared)\n")
    }

    @Test func undeclaredParametersAreStillDecodedStrictly() throws {
        let run = try handle("notes://x-callback-url/search?query=a&sort=x&sort=y")
        #expect(run.exitCode == 1)
        #expect((run.json?["error"] as? [String: Any])?["code"] as? String == "duplicate-parameter")
    }

    // MARK: request build

    @Test func buildRepeatsARepeatedListAndJoinsACommaList() throws {
        let url = try build(["text=Milk\nBread", "tag=home", "tag=errands", "tags=a", "tags=b", "tags=c", "token=\(Self.token)"])
        #expect(url.hasPrefix("notes:///create?text=Milk%0ABread&tag=home&tag=errands&tags=a%2Cb%2Cc&token="))
        #expect(queryValues(url, "tag") == ["home", "errands"])
        #expect(queryValues(url, "tags") == ["a,b,c"])
        // The partner reads back what was given.
        let handled = try handle(url)
        #expect(handled.exitCode == 0, "\(handled.stdout)")
        let parameters = try #require(handled.json?["parameters"] as? [String: Any])
        #expect(parameters["tag"] as? [String] == ["home", "errands"])
        #expect(parameters["tags"] as? [String] == ["a", "b", "c"])
        #expect(parameters["text"] as? String == "Milk\nBread")
        #expect(parameters["token"] as? String == "***")
    }

    @Test func buildRefusesWhatThePartnerWouldRefuse() throws {
        var arguments = ["request", "build", "--spec", Self.spec, "--action", "create", "--param", "text=a"]
        for index in 0...20 { arguments += ["--param", "tags=t\(index)"] }
        let tooMany = try roundtrip(arguments)
        #expect(tooMany.exitCode == 1)
        #expect(tooMany.stderr == "rejected: invalid-parameter (tags): the parameter 'tags' has 21 items; the maximum is 20\n")

        let yesNo = try roundtrip(["request", "build", "--spec", Self.spec, "--action", "create", "--param", "text=a", "--param", "pinned=true"])
        #expect(yesNo.exitCode == 1)
        #expect(yesNo.stderr.hasPrefix("rejected: invalid-parameter (pinned): "))
    }

    @Test func declaredOutcomesLimitTheDerivedCallbacks() throws {
        let url = try build(["text=a"], callback: "caller://notes-cb")
        let success = try #require(queryValues(url, "x-success").first)
        let error = try #require(queryValues(url, "x-error").first)
        #expect(success.hasPrefix("caller://notes-cb/success?rt-state="))
        #expect(error.hasPrefix("caller://notes-cb/error?rt-state="))
        #expect(queryValues(url, "x-cancel").isEmpty)

        let handled = try handle(url)
        #expect((handled.json?["callbacks"] as? [String: String])?.keys.sorted() == ["error", "success"])

        let cancel = try roundtrip([
            "response", "build", "--spec", Self.spec, "--request", url, "--outcome", "cancel", "--now", Self.now,
        ])
        #expect(cancel.exitCode == 1)
        #expect(cancel.stderr == "rejected: invalid-parameter (outcome): the action 'create' answers success, error, not 'cancel'\n")
    }

    // MARK: response build

    /// `response build` of a success answer with `--param` pairs.
    func respond(_ request: String, outcome: String = "success", _ parameters: [String]) throws -> CommandLineRunner.Result {
        var arguments = ["response", "build", "--spec", Self.spec, "--request", request, "--outcome", outcome, "--now", Self.now]
        for parameter in parameters { arguments += ["--param", parameter] }
        return try roundtrip(arguments)
    }

    static let refusedReturns: [(parameters: [String], code: String, parameter: String)] = [
        (["id=\(id)", "color=red"], "unknown-parameter", "color"),
        (["id=not-a-uuid"], "invalid-parameter", "id"),
        (["tags=home"], "missing-parameter", "id"),
        (["id=\(id)", "id=\(id)"], "duplicate-parameter", "id"),
        (["id=\(id)", "tags="], "invalid-parameter", "tags"),
    ]

    @Test(arguments: refusedReturns)
    func responseBuildRefusesAnAnswerOutsideReturns(parameters: [String], code: String, parameter: String) throws {
        let request = try build(["text=a"], callback: "caller://notes-cb")
        let run = try respond(request, parameters)
        #expect(run.exitCode == 1, "\(run.stdout)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("rejected: \(code) (\(parameter)): "), "\(run.stderr)")
    }

    @Test func responseBuildAcceptsAnAnswerWithinReturns() throws {
        let request = try build(["text=a"], callback: "caller://notes-cb")
        let run = try respond(request, ["id=\(Self.id)", "tags=home"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let success = try #require(queryValues(request, "x-success").first)
        #expect(run.stdout == success + "&id=\(Self.id)&tags=home\n")
        // An error answer is not a return: its parameters are not checked against them.
        let error = try respond(request, outcome: "error", ["errorMessage=disk full"])
        #expect(error.exitCode == 0, "\(error.stderr)")
        #expect(queryValues(error.stdout.trimmingCharacters(in: .newlines), "errorMessage") == ["disk full"])
    }

    @Test func responseBuildRepeatsAReturnedRepeatedList() throws {
        let request = try build(["text=a"], callback: "caller://notes-cb")
        let run = try respond(request, ["id=\(Self.id)", "tags=home", "tags=work"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let success = try #require(queryValues(request, "x-success").first)
        #expect(run.stdout == success + "&id=\(Self.id)&tags=home&tags=work\n")
    }

    // MARK: response accept

    @Test func responseAcceptTypesTheReturnedValues() throws {
        let (ledger, request) = try pendingRequest()
        let callback = try answer(request, "id=\(Self.id.uppercased())&tags=home&tags=two%2C%20words")
        let run = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000010"])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stdout
                == #"{"accepted":true,"continuation":{},"outcome":"success","parameters":{"id":"\#(Self.id)","tags":["home","two, words"]}}"#
                + "\n"
        )
    }

    @Test func responseAcceptTextShowsListsReadably() throws {
        let (ledger, request) = try pendingRequest()
        let callback = try answer(request, "id=\(Self.id)&tags=home&tags=work")
        let run = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--now", "1800000010"])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "accepted: success (Notes App create)\n  id = \(Self.id)\n  tags = [home, work]\n")
    }

    @Test func responseAcceptRoundTripThroughResponseBuild() throws {
        let (ledger, request) = try pendingRequest()
        let built = try respond(request, ["id=\(Self.id)", "tags=home"])
        #expect(built.exitCode == 0, "\(built.stderr)")
        let callback = built.stdout.trimmingCharacters(in: .newlines)
        let run = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000010"])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        let parameters = try #require(run.json?["parameters"] as? [String: Any])
        #expect(parameters["id"] as? String == Self.id)
        #expect(parameters["tags"] as? [String] == ["home"])
    }

    static let refusedAnswers: [(answer: String, code: String, parameter: String)] = [
        ("tags=home", "missing-parameter", "id"),
        ("", "missing-parameter", "id"),
        ("id=not-a-uuid", "invalid-parameter", "id"),
        ("id=\(id)&color=red", "unknown-parameter", "color"),
        ("id=\(id)&id=\(id)", "duplicate-parameter", "id"),
        ("id=\(id)&tags=home&tags=", "invalid-parameter", "tags"),
    ]

    @Test(arguments: refusedAnswers)
    func responseAcceptChecksTheAnswerAgainstReturns(answer text: String, code: String, parameter: String) throws {
        let (ledger, request) = try pendingRequest()
        let wrong = try answer(request, text)
        let run = try roundtrip(["response", "accept", "--ledger", ledger, wrong, "--json", "--now", "1800000010"])
        #expect(run.exitCode == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.json?["accepted"] as? Bool == false)
        let error = try #require(run.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == code, "\(error)")
        #expect(error["parameter"] as? String == parameter)
        // The refusal consumed nothing: the genuine answer is still accepted.
        let genuine = try roundtrip(["response", "accept", "--ledger", ledger, try answer(request, "id=\(Self.id)"), "--now", "1800000011"])
        #expect(genuine.exitCode == 0, "\(genuine.stdout)\(genuine.stderr)")
    }

    @Test func anErrorAnswerIsNotCheckedAgainstReturns() throws {
        let (ledger, request) = try pendingRequest()
        let callback = try answer(request, "errorCode=full&errorMessage=disk%20full", outcome: "error")
        let run = try roundtrip(["response", "accept", "--ledger", ledger, callback, "--json", "--now", "1800000010"])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.json?["outcome"] as? String == "error")
        #expect(run.json?["parameters"] as? [String: String] == ["errorCode": "full", "errorMessage": "disk full"])
    }
}
