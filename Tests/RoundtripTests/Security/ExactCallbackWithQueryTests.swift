import Foundation
import Roundtrip
import RoundtripYAML
import Testing

/// A `callbacks` entry may carry its own query: under `callback-match: exact` the whole URL is
/// compared (RFC 9700 section 4.1.3), `rt-state` following the entry's query after `&`; under
/// `base` matching only its scheme, host and path count.
@Suite("callback-match exact: a listed callback with its own query")
struct ExactCallbackWithQueryTests {
    static let yaml = """
        roundtrip: 1
        app: {name: Notes, schemes: [notes]}
        callbacks: ["journal://x-callback-url/done?entry=1"]
        actions:
          exact: {url: "notes://x-callback-url/exact", convention: x-callback-url, callback-match: exact}
          base: {url: "notes://x-callback-url/base", convention: x-callback-url}
        """
    static let nonce = "AAAAAAAAAAAAAAAAAAAAAA"

    static func decide(_ action: String, callback: String) throws -> Result<String?, RoundtripError> {
        let endpoint = try Endpoint(spec: try SpecLoader.load(yaml: yaml).spec)
        let encoded = callback.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        do {
            return .success(try endpoint.evaluate("notes://x-callback-url/\(action)?x-success=\(encoded)").callbacks["success"])
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: [
        ("exact", "journal://x-callback-url/done?entry=1"),
        ("exact", "journal://x-callback-url/done?entry=1&rt-state=\(nonce)"),
        ("base", "journal://x-callback-url/done?entry=1"),
        ("base", "journal://x-callback-url/done?entry=2&other=3"),
        ("base", "journal://x-callback-url/done"),
    ])
    func theListedURLIsAccepted(action: String, callback: String) throws {
        #expect(try Self.decide(action, callback: callback).get() == callback)
    }

    @Test(arguments: [
        "journal://x-callback-url/done",
        "journal://x-callback-url/done?entry=2",
        "journal://x-callback-url/done?entry=1&entry=2",
        "journal://x-callback-url/done?entry=10",
        "journal://x-callback-url/done?rt-state=\(nonce)&entry=1",
        "journal://x-callback-url/done?entry=1?rt-state=\(nonce)",
        "journal://x-callback-url/done?entry=1&rt-state=short",
    ])
    func exactMatchingRefusesAnythingElse(callback: String) throws {
        guard case .failure(let error) = try Self.decide("exact", callback: callback) else {
            Issue.record("accepted \(callback)")
            return
        }
        #expect(error.code == .forbiddenCallback)
        #expect(
            error.message.hasSuffix(
                "is not, byte for byte, one of the spec's callbacks (journal://x-callback-url/done?entry=1) followed by nothing but '?rt-state=…' ('&rt-state=…' after an entry's own query)"
            )
        )
    }

    @Test(arguments: ["journal://x-callback-url/done#top", "journal://me@x-callback-url/done"])
    func anEntryStillHasNoFragmentOrUserInfo(entry: String) {
        #expect(throws: RoundtripError.self) { try CallbackBase(entry) }
    }
}
