import Foundation
import Roundtrip
import Testing

/// Every receiving-side error code, with the exact reason, against `rich.yaml` and `terminal.yaml`.
@Suite("Receiving side: every reject has its code and says why")
struct EndpointRejectTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let url: String
        let code: RoundtripError.Code
        let parameter: String?
        let messageContains: String
        var source: String? = nil
        var testDescription: String { "\(code): \(url.prefix(80))" }
    }

    static let xSuccess = "x-success=otherapp%3A%2F%2Fdone"

    static let cases: [Case] = [
        // malformed-url
        Case(url: "no-scheme-here", code: .malformedURL, parameter: nil, messageContains: "no ':' after its scheme"),
        Case(url: "1notes://x-callback-url/add", code: .malformedURL, parameter: nil, messageContains: "must start with a scheme"),
        Case(url: "notes://x-callback-url/add?title=a b", code: .malformedURL, parameter: nil, messageContains: "' ' (space) at offset"),
        Case(url: "notes://x-callback-url/add?title=é", code: .malformedURL, parameter: nil, messageContains: "non-ASCII byte"),
        Case(url: "notes://x-callback-url/add?title=a#b#c", code: .malformedURL, parameter: nil, messageContains: "second '#'"),
        Case(url: "notes://x-callback-url/add?=a", code: .malformedURL, parameter: nil, messageContains: "empty name"),
        Case(url: "notes://h:port/x", code: .malformedURL, parameter: nil, messageContains: "port 'port' is not a number"),
        // too-large
        Case(
            url: "notes://x-callback-url/add?title=" + String(repeating: "a", count: 17_000),
            code: .tooLarge,
            parameter: nil,
            messageContains: "the limit is 16384"
        ),
        Case(
            url: "notes://x-callback-url/add?" + Array(repeating: "a=1", count: 300).joined(separator: "&"),
            code: .tooLarge,
            parameter: nil,
            messageContains: "300 parameters; the limit is 256"
        ),
        // The limits come first even when the syntax is also wrong, before or after the '&'s.
        Case(
            url: "notes://x callback/add?" + Array(repeating: "a=1", count: 300).joined(separator: "&"),
            code: .tooLarge,
            parameter: nil,
            messageContains: "300 parameters"
        ),
        Case(
            url: "notes://x-callback-url/add?" + Array(repeating: "a=1", count: 300).joined(separator: "&") + "#1#2",
            code: .tooLarge,
            parameter: nil,
            messageContains: "300 parameters"
        ),
        Case(url: "1notes:" + String(repeating: "&", count: 256), code: .tooLarge, parameter: nil, messageContains: "257 parameters"),
        Case(
            url: "notes://x-callback-url/add?" + Array(repeating: "a=1", count: 256).joined(separator: "&") + "#1#2",
            code: .malformedURL,
            parameter: nil,
            messageContains: "second '#'"
        ),
        // unknown-route
        Case(
            url: "notes://x-callback-url/delete?title=a",
            code: .unknownRoute,
            parameter: nil,
            messageContains: "no action is routed at 'notes://x-callback-url/delete'"
        ),
        Case(url: "other://x-callback-url/add", code: .unknownRoute, parameter: nil, messageContains: "no action is routed"),
        Case(url: "http://notes.example.com/logout", code: .unknownRoute, parameter: nil, messageContains: "no action is routed"),
        Case(
            url: "https://notes.example.com/logout/",
            code: .unknownRoute,
            parameter: nil,
            messageContains: "did you mean 'https://notes.example.com/logout'"
        ),
        Case(url: "notes://note/abc", code: .unknownRoute, parameter: nil, messageContains: "not at the path '/abc'"),
        // missing-parameter
        Case(
            url: "notes://x-callback-url/add?body=b",
            code: .missingParameter,
            parameter: "title",
            messageContains: "requires the parameter 'title'"
        ),
        // unknown-parameter
        Case(
            url: "notes://x-callback-url/add?title=a&tilte=b",
            code: .unknownParameter,
            parameter: "tilte",
            messageContains: "does not take a parameter 'tilte'"
        ),
        Case(url: "notes://x-callback-url/add?title=a&x-foo=1", code: .unknownParameter, parameter: "x-foo", messageContains: "'x-foo'"),
        Case(url: "notes://x-callback-url/add?title=a#frag", code: .unknownParameter, parameter: "#", messageContains: "has a fragment"),
        // duplicate-parameter
        Case(
            url: "notes://x-callback-url/add?title=a&title=b",
            code: .duplicateParameter,
            parameter: "title",
            messageContains: "'title' appears more than once"
        ),
        Case(url: "notes://x-callback-url/add?title=a&t%69tle=b", code: .duplicateParameter, parameter: "title", messageContains: "more than once"),
        Case(
            url: "notes://x-callback-url/add?t%69tle=a&title=b",
            code: .duplicateParameter,
            parameter: "title",
            messageContains: "'title' appears more than once"
        ),
        Case(
            url:
                "https://notes.example.com/logout?ulc-success=https%3A%2F%2Fa.example%2Fs&ulc-error=https%3A%2F%2Fa.example%2Fe&ulc-failure=https%3A%2F%2Fa.example%2Ff",
            code: .duplicateParameter,
            parameter: "ulc-failure",
            messageContains: "both 'ulc-error' and its alias"
        ),
        Case(url: "notes://note/7/view?noteID=8", code: .duplicateParameter, parameter: "noteID", messageContains: "part of the route"),
        // invalid-parameter
        Case(
            url: "notes://x-callback-url/add?title=a&priority=9",
            code: .invalidParameter,
            parameter: "priority",
            messageContains: "is 9; the maximum is 5"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&priority=two",
            code: .invalidParameter,
            parameter: "priority",
            messageContains: "must be a whole number"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&priority=%2B3",
            code: .invalidParameter,
            parameter: "priority",
            messageContains: "whole number"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&pinned=yes",
            code: .invalidParameter,
            parameter: "pinned",
            messageContains: "true, false, 1 or 0"
        ),
        Case(url: "notes://x-callback-url/add?title=a&id=not-a-uuid", code: .invalidParameter, parameter: "id", messageContains: "must be a UUID"),
        Case(
            url: "notes://x-callback-url/add?title=a&link=relative%2Fpath",
            code: .invalidParameter,
            parameter: "link",
            messageContains: "absolute URL"
        ),
        Case(url: "notes://x-callback-url/add?title=a&due=2026-02-31", code: .invalidParameter, parameter: "due", messageContains: "real date"),
        Case(
            url: "notes://x-callback-url/add?title=" + String(repeating: "x", count: 101),
            code: .invalidParameter,
            parameter: "title",
            messageContains: "101 characters long; the maximum is 100"
        ),
        Case(url: "notes://note/0/view", code: .invalidParameter, parameter: "noteID", messageContains: "the minimum is 1"),
        Case(
            url: "notes://export?format=doc&back=otherapp%3A%2F%2F",
            code: .invalidParameter,
            parameter: "format",
            messageContains: "must be one of pdf, txt"
        ),
        // invalid-encoding
        Case(url: "notes://x-callback-url/add?title=%", code: .invalidEncoding, parameter: nil, messageContains: "not followed by two hex digits"),
        Case(url: "notes://x-callback-url/add?title=%G1", code: .invalidEncoding, parameter: nil, messageContains: "not followed by two hex digits"),
        Case(url: "notes://x-callback-url/add?title=a%00b", code: .invalidEncoding, parameter: "title", messageContains: "control character U+0000"),
        Case(url: "notes://x-callback-url/add?title=a%0D%0Ab", code: .invalidEncoding, parameter: "title", messageContains: "U+000D"),
        Case(url: "notes://x-callback-url/add?title=%C0%AF", code: .invalidEncoding, parameter: "title", messageContains: "not valid UTF-8"),
        Case(url: "notes://x-callback-url/add?title=%ED%A0%80", code: .invalidEncoding, parameter: "title", messageContains: "not valid UTF-8"),
        Case(url: "notes://x-callback-url/add?title=%FF", code: .invalidEncoding, parameter: "title", messageContains: "not valid UTF-8"),
        Case(url: "notes://x-callback-url/add?title=%C2%85", code: .invalidEncoding, parameter: "title", messageContains: "U+0085"),
        Case(url: "notes://x-callback-url/add?title=abc%E2%80%AEgpj.exe", code: .invalidEncoding, parameter: "title", messageContains: "U+202E"),
        Case(url: "notes://x-callback-url/add?title=%E2%81%A6", code: .invalidEncoding, parameter: "title", messageContains: "U+2066"),
        Case(url: "notes://x-callback-url/add?ti%00tle=a", code: .invalidEncoding, parameter: "ti%00tle", messageContains: "parameter name"),
        Case(url: "notes://x-callback-url/add?title=a\u{7F}", code: .invalidEncoding, parameter: nil, messageContains: "control character 0x7F"),
        Case(url: "notes://x-callback-url/add?title=a\u{0}", code: .invalidEncoding, parameter: nil, messageContains: "control character 0x00"),
        // missing-callback
        Case(url: "https://notes.example.com/logout", code: .missingCallback, parameter: "ulc-success", messageContains: "needs 'ulc-success'"),
        Case(
            url: "https://notes.example.com/logout?ulc-success=https%3A%2F%2Fa.example%2Fs",
            code: .missingCallback,
            parameter: "ulc-error",
            messageContains: "needs 'ulc-error'"
        ),
        Case(url: "notes://export?format=pdf", code: .missingCallback, parameter: "back", messageContains: "needs 'back'"),
        // forbidden-callback
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=javascript%3Aalert(1)",
            code: .forbiddenCallback,
            parameter: "x-success",
            messageContains: "forbidden scheme 'javascript:'"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-error=http%3A%2F%2Fevil.example%2F",
            code: .forbiddenCallback,
            parameter: "x-error",
            messageContains: "forbidden scheme 'http:'"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=x-apple-health%3A%2F%2F",
            code: .forbiddenCallback,
            parameter: "x-success",
            messageContains: "forbidden scheme 'x-apple-health:'"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=notes%3A%2F%2Fx-callback-url%2Fadd",
            code: .forbiddenCallback,
            parameter: "x-success",
            messageContains: "own scheme 'notes:'"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=NOTES%3A%2F%2Floop",
            code: .forbiddenCallback,
            parameter: "x-success",
            messageContains: "own scheme"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=https%3A%2F%2Fgood.example%40evil.example%2F",
            code: .forbiddenCallback,
            parameter: "x-success",
            messageContains: "user-info"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=https%3A%2F%2Fa.example%2Fx%23frag",
            code: .forbiddenCallback,
            parameter: "x-success",
            messageContains: "fragment"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=https%3A%2F%2Fa.example%5C%40evil.example",
            code: .forbiddenCallback,
            parameter: "x-success",
            messageContains: "backslash"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=https%3Aevil.example",
            code: .forbiddenCallback,
            parameter: "x-success",
            messageContains: "without a '//host' authority"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=relative",
            code: .forbiddenCallback,
            parameter: "x-success",
            messageContains: "not a valid absolute URL"
        ),
        Case(
            url: "https://notes.example.com/logout?ulc-success=otherapp%3A%2F%2Fs&ulc-error=https%3A%2F%2Fa.example%2Fe",
            code: .forbiddenCallback,
            parameter: "ulc-success",
            messageContains: "must be an https universal link"
        ),
        // missing-signature
        Case(
            url: "https://notes.example.com/pay?amount=5&returnURL=otherapp%3A%2F%2Fpaid",
            code: .missingSignature,
            parameter: nil,
            messageContains: "requires a signed request"
        ),
        // bad-signature
        Case(
            url: "https://notes.example.com/pay?amount=5&returnURL=otherapp%3A%2F%2Fpaid&rt-kid=nobody&rt-ts=1&rt-id=a&rt-sig=AAAA",
            code: .badSignature,
            parameter: "rt-kid",
            messageContains: "unknown key id 'nobody'"
        ),
        Case(
            url: "https://notes.example.com/pay?amount=5&rt-kid=pos-2026&rt-ts=1&rt-id=a&rt-sig=AAAA&returnURL=otherapp%3A%2F%2Fpaid",
            code: .badSignature,
            parameter: "rt-kid",
            messageContains: "must be the last four"
        ),
        Case(
            url: "https://notes.example.com/pay?amount=5&returnURL=otherapp%3A%2F%2Fpaid&rt-kid=pos-2026&rt-ts=1&rt-id=a&rt-sig=AAAA",
            code: .badSignature,
            parameter: "rt-sig",
            messageContains: "does not verify"
        ),
        Case(
            url: "https://notes.example.com/pay?amount=5&returnURL=otherapp%3A%2F%2Fpaid&rt-kid=pos-2026&rt-ts=x&rt-id=a&rt-sig=AAAA",
            code: .badSignature,
            parameter: "rt-ts",
            messageContains: "Unix seconds"
        ),
        Case(
            url: "https://notes.example.com/pay?amount=5&returnURL=otherapp%3A%2F%2Fpaid&rt-kid=pos-2026&rt-ts=1&rt-id=a&rt-sig=AA%3D%3D",
            code: .badSignature,
            parameter: "rt-sig",
            messageContains: "base64url"
        ),
        // untrusted-source
        Case(
            url: "notes://x-callback-url/add?title=a",
            code: .untrustedSource,
            parameter: nil,
            messageContains: "'com.apple.mobilesafari' is denied",
            source: "com.apple.mobilesafari"
        ),
        Case(
            url: "notes://x-callback-url/open?id=6F9619FF-8B86-D011-B42D-00C04FC964FF",
            code: .untrustedSource,
            parameter: nil,
            messageContains: "not in sources.allow",
            source: "com.evil.app"
        ),
        Case(
            url: "notes://x-callback-url/open?id=6F9619FF-8B86-D011-B42D-00C04FC964FF",
            code: .untrustedSource,
            parameter: nil,
            messageContains: "unknown and this action requires one"
        ),
        // reserved-parameter
        Case(
            url: "notes://x-callback-url/add?title=a&rt-state=abc",
            code: .reservedParameter,
            parameter: "rt-state",
            messageContains: "reserved 'rt-' namespace"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=otherapp%3A%2F%2Fdone%3Frt-kid%3D1",
            code: .reservedParameter,
            parameter: "x-success",
            messageContains: "reserved parameter 'rt-kid'"
        ),
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=otherapp%3A%2F%2Fdone%3Frt-state%3D1%26rt-state%3D2",
            code: .reservedParameter,
            parameter: "x-success",
            messageContains: "rt-state twice"
        ),
        Case(
            url: "notes://export?back=otherapp%3A%2F%2Fx%3Fexp_responseType%3Ddone",
            code: .reservedParameter,
            parameter: "back",
            messageContains: "response prefix 'exp_'"
        ),
        // Escaped names in a callback's query take the decoding path, not the byte comparison.
        Case(
            url: "notes://x-callback-url/add?title=a&x-success=otherapp%3A%2F%2Fdone%3Frt%252Dkid%3D1",
            code: .reservedParameter,
            parameter: "x-success",
            messageContains: "reserved parameter 'rt-kid'"
        ),
        Case(
            url: "notes://export?back=otherapp%3A%2F%2Fx%3Fexp%255FresponseType%3Ddone",
            code: .reservedParameter,
            parameter: "back",
            messageContains: "already carries 'exp_responseType'"
        ),
    ]

    @Test(arguments: cases)
    func rejects(_ testCase: Case) throws {
        let endpoint = try TestSpecs.endpoint("rich")
        #expect {
            try endpoint.evaluate(testCase.url, source: testCase.source)
        } throws: { error in
            guard let error = error as? RoundtripError else { return false }
            #expect(error.code == testCase.code, "\(error)")
            #expect(error.parameter == testCase.parameter, "\(error)")
            #expect(error.message.contains(testCase.messageContains), "message was: \(error.message)")
            return error.code == testCase.code
        }
    }

    @Test("Every receiving-side error code is exercised")
    func everyCodeCovered() {
        let receiving: Set<RoundtripError.Code> = [
            .malformedURL, .tooLarge, .unknownRoute, .missingParameter, .unknownParameter, .duplicateParameter,
            .invalidParameter, .invalidEncoding, .missingCallback, .forbiddenCallback, .missingSignature,
            .badSignature, .untrustedSource, .reservedParameter,
        ]
        // expired and replayed are exercised in SignatureTests (they need a clock and a store).
        #expect(receiving.isSubset(of: Set(Self.cases.map(\.code))))
    }

    @Test(
        "A stray '&' is an empty pair that is skipped, as URLComponents skips it, not a malformed URL",
        arguments: ["?&title=a", "?title=a&&body=b", "?title=a&", "?&&title=a&&"]
    )
    func strayAmpersandIsSkipped(query: String) throws {
        let endpoint = try TestSpecs.endpoint("rich")
        let accepted = try endpoint.evaluate("notes://x-callback-url/add" + query)
        #expect(accepted.parameters["title"]?.canonical == "a")
    }
}
