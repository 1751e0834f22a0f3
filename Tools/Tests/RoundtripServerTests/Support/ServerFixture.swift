import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Roundtrip
import RoundtripServer
import RoundtripToolsTestSupport
import RoundtripYAML

/// Builds servers for tests: fixture specs, an in-memory store, a manual clock, quiet logs.
enum ServerFixture {
    static let packageRoot = CommandLineRunner.repositoryRoot

    static func specPath(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/Fixtures/specs").appendingPathComponent(name).path
    }

    static func spec(_ name: String) throws -> Spec {
        try SpecLoader.load(contentsOf: specPath(name)).spec
    }

    /// The Card Terminal spec: app ABCDE12345.com.example.terminal on terminal.example.com.
    static func terminal() throws -> Spec { try spec("terminal.yaml") }

    static let publicURL = "https://tester.example.org"

    static var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    static func app(
        specs: [Spec]? = nil,
        clock: ManualClock = ManualClock(),
        store: (any ULCTestStore)? = nil,
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration(specs: try specs ?? [terminal()], publicURL: publicURL + "/")
        configure(&configuration)
        return try ServerApplication.make(
            configuration: configuration,
            store: try store ?? SQLiteTestStore(path: ":memory:"),
            clock: clock.serverClock,
            logger: logger
        )
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The body as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// `error.code` of a JSON error body.
    var errorCode: String? {
        (json["error"] as? [String: Any])?["code"] as? String
    }
}

extension TestClientProtocol {
    /// POSTs a JSON text body.
    func post(_ uri: String, json: String) async throws -> TestResponse {
        try await execute(uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: json))
    }

    /// POSTs a form.
    func post(_ uri: String, form: [(String, String)]) async throws -> TestResponse {
        let body = form.map { "\(FormEncoding.encode($0.0))=\(FormEncoding.encode($0.1))" }.joined(separator: "&")
        return try await execute(
            uri: uri,
            method: .post,
            headers: [.contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: body)
        )
    }

    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: headers)
    }
}

/// Form encoding as a browser does it (space as `+`).
enum FormEncoding {
    static func encode(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._* ")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "").replacingOccurrences(of: " ", with: "+")
    }
}

extension HTTPField.Name {
    /// `Host` (HTTPTypes deprecates `.host`).
    static let hostHeader = HTTPField.Name("Host")!
}
