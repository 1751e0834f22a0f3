import Foundation
import RoundtripToolsTestSupport
import Testing

/// The parameter shapes of real URL APIs through the binary, with
/// `Tests/Fixtures/specs/shapes.yaml`: a presence switch (a browser's `&new-tab`), a space list,
/// `multiline: any`, prefix names (AnkiMobile's `fldFront`) and bracket names (Uber's
/// `pickup[latitude]`) in `request handle --json`, `request build` and `spec docs`.
@Suite("CLI: presence switches, space lists, multiline any, prefix and bracket names")
struct ParameterShapesCLITests {
    static let spec = CommandLineRunner.fixture("specs/shapes.yaml")

    func handle(_ url: String) throws -> [String: Any] {
        let run = try CommandLineRunner.run(["request", "handle", "--spec", Self.spec, url, "--json"])
        #expect(run.exitCode == 0, "\(run.stdout)\(run.stderr)")
        let json = try #require(run.json)
        #expect(json["accepted"] as? Bool == true, "\(run.stdout)")
        return try #require(json["parameters"] as? [String: Any])
    }

    func build(_ action: String, _ parameters: [String], callback: String? = nil) throws -> String {
        var arguments = ["request", "build", "--spec", Self.spec, "--action", action]
        for parameter in parameters { arguments += ["--param", parameter] }
        if let callback { arguments += ["--callback", callback] }
        let run = try CommandLineRunner.run(arguments)
        #expect(run.exitCode == 0, "\(run.stderr)")
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    @Test func aSwitchIsTrueByItsNameAndFalseWithoutIt() throws {
        let on = try handle("shapes://open?url=https%3A%2F%2Fexample.com&new-tab&tags=a%20b&text=one%0Dtwo")
        #expect(on["new-tab"] as? String == "true")
        #expect(on["tags"] as? [String] == ["a", "b"])
        #expect(on["text"] as? String == "one\rtwo")
        let off = try handle("shapes://open?url=https%3A%2F%2Fexample.com")
        #expect(off["new-tab"] as? String == "false")
    }

    @Test func eachPrefixedNameIsReportedUnderItsOwnName() throws {
        let parameters = try handle("shapes://x-callback-url/addnote?deck=Default&fldFront=Bonjour&fldBack=Hello&fldTags=fr%20greet")
        #expect(parameters["fldFront"] as? String == "Bonjour")
        #expect(parameters["fldBack"] as? String == "Hello")
        #expect(parameters["fldTags"] as? [String] == ["fr", "greet"], "an exact name wins over the prefix")
        #expect(parameters["fld*"] == nil)
    }

    @Test func bracketNamesAreReportedAsWritten() throws {
        let parameters = try handle("shapes://pickup?pickup%5Blatitude%5D=48.85&pickup[longitude]=2.35")
        #expect(parameters["pickup[latitude]"] as? String == "48.85")
        #expect(parameters["pickup[longitude]"] as? String == "2.35")
    }

    @Test func aRefusalNamesThePrefixedName() throws {
        let run = try CommandLineRunner.run([
            "request", "handle", "--spec", Self.spec, "shapes://x-callback-url/addnote?deck=D&fldFront=a&fldFront=b", "--json",
        ])
        #expect(run.exitCode == 1)
        let error = try #require(run.json?["error"] as? [String: Any])
        #expect(error["code"] as? String == "duplicate-parameter")
        #expect(error["parameter"] as? String == "fldFront")
    }

    @Test func builtRequestsWriteEachShapeAndAreAccepted() throws {
        let url = try build("open", ["url=https://example.com", "new-tab=true", "tags=a", "tags=b"])
        #expect(url == "shapes://open?url=https%3A%2F%2Fexample.com&new-tab&tags=a%20b")
        #expect(try handle(url)["new-tab"] as? String == "true")
        let off = try build("open", ["url=https://example.com", "new-tab=false"])
        #expect(off == "shapes://open?url=https%3A%2F%2Fexample.com")
        let note = try build("add-note", ["deck=D", "fldFront=Q"], callback: "caller://added")
        #expect(try handle(note)["fldFront"] as? String == "Q")
    }

    @Test func docsDescribeEachShape() throws {
        let run = try CommandLineRunner.run(["spec", "docs", Self.spec])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("switch (`new-tab` alone is true, absent is false"))
        #expect(run.stdout.contains("items separated by single spaces (`%20`)"))
        #expect(run.stdout.contains("line breaks (LF, CR LF or a lone CR) and tabs allowed"))
        #expect(run.stdout.contains("every name starting `fld` and at least one character longer"))
        #expect(run.stdout.contains("`pickup[latitude]`"))
    }
}
