import Roundtrip
import RoundtripYAML
import Testing

/// `ignore-parameters` drops undeclared names (or `prefix*` names) as the query is decoded,
/// beside any `unknown-parameters` policy, so a dropped name is never `duplicate-parameter`;
/// `forbid-parameters` refuses undeclared names even under `ignore` or `accept`.
@Suite("ignore-parameters and forbid-parameters")
struct IgnoreAndForbidParametersTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Mail, schemes: [mail]}
        actions:
          strict:
            url: mail://strict
            convention: none
            ignore-parameters: [From, Date, Resent-*]
            parameters: {subject: {}}
          open:
            url: mail://open
            convention: none
            unknown-parameters: accept
            ignore-parameters: From
            forbid-parameters: [req-*, Bcc]
            parameters: {subject: {}}
          quiet:
            url: mail://quiet
            convention: none
            unknown-parameters: ignore
            forbid-parameters: [req-*]
          callback:
            url: mail://x-callback-url/send
            convention: x-callback-url
            ignore-parameters: [utm-*]
        """

    static func decide(_ url: String) throws -> Result<[String: CanonicalValue], RoundtripError> {
        TestSpecs.decide(try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec), url)
    }

    @Test(arguments: [
        ("mail://strict?subject=hi&From=a&Date=b&Resent-From=c", ["subject": CanonicalValue.text("hi")]),
        // Dropped names are never duplicates, however often they come.
        ("mail://strict?From=a&From=b&Resent-To=c&Resent-To=d&subject=hi", ["subject": .text("hi")]),
        ("mail://open?subject=hi&From=a&From=b&cc=x", ["subject": .text("hi"), "cc": .text("x")]),
        ("mail://quiet?req=1&other=2", [:]),
        ("mail://x-callback-url/send?utm-source=a&utm-source=b", [:]),
    ])
    func droppedNamesAreNeitherReportedNorDuplicates(url: String, values: [String: CanonicalValue]) throws {
        #expect(try Self.decide(url).get() == values)
    }

    @Test(arguments: [
        // `Resent-*` matches longer names only; a declared name is never dropped.
        ("mail://strict?Resent-=1", "Resent-", "does not take a parameter 'Resent-'", RoundtripError.Code.unknownParameter),
        ("mail://strict?subject=a&subject=b&From=c", "subject", "appears more than once", .duplicateParameter),
        ("mail://strict?from=a", "from", "does not take a parameter 'from'", .unknownParameter),
        ("mail://open?req-id=1", "req-id", "the action 'open' forbids the parameter 'req-id' (forbid-parameters)", .unknownParameter),
        ("mail://open?Bcc=1", "Bcc", "the action 'open' forbids the parameter 'Bcc' (forbid-parameters)", .unknownParameter),
        ("mail://quiet?req-id=1", "req-id", "the action 'quiet' forbids the parameter 'req-id' (forbid-parameters)", .unknownParameter),
    ])
    func otherNamesAreDecidedAsBefore(url: String, parameter: String, message: String, code: RoundtripError.Code) throws {
        TestSpecs.expectRefusal(try Self.decide(url), code, parameter: parameter, message: message)
    }

    @Test(arguments: [
        ("ignore-parameters: [rt-sig]", "reserved-parameter", "one of Roundtrip's own 'rt-' parameters"),
        ("ignore-parameters: [x-success]", "reserved-parameter", "a x-callback-url callback parameter"),
        ("forbid-parameters: [x-*]", "reserved-parameter", "a x-callback-url callback parameter; choose a longer prefix"),
        ("forbid-parameters: [r*]", "reserved-parameter", "would match Roundtrip's own 'rt-' parameters"),
        ("ignore-parameters: [subject]", "invalid-value", "'subject' is a declared parameter of this action"),
        ("ignore-parameters: [a*b]", "invalid-name", "'*' may only end a parameter name"),
        ("ignore-parameters: []", "empty-value", "list at least one name or prefix"),
        ("forbid-parameters: ['']", "invalid-name", "a name may not be empty"),
    ])
    func aListThatCannotMeanWhatItSaysIsRefused(line: String, code: String, message: String) {
        let yaml = """
            roundtrip: 1
            app: {name: Mail, schemes: [mail]}
            actions:
              send:
                url: mail://x-callback-url/send
                convention: x-callback-url
                parameters: {subject: {}}
                \(line)
            """
        #expect(TestSpecs.loadFails(yaml, code: code, message: message))
    }
}
