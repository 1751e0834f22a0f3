import ArgumentParser
import Foundation
import Logging
import Roundtrip
import RoundtripAssociatedDomains
import RoundtripServer

/// `roundtrip serve [--host 127.0.0.1] [--port 8080] [--database PATH] [--spec SPEC]... [--public-url URL]`
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Host the specs' AASA files and the ULC / x-callback-url tester web UI.",
        discussion: """
            Serves GET/HEAD /.well-known/apple-app-site-association (and /apple-app-site-association) \
            generated from the specs for the request's Host, the tester API under /api/ulc-tests, \
            its callback URLs under /cb/, and pages: / (new test), /tests (history), /inspect (decide a \
            URL against a spec), /aasa-check (lint and match a pasted file).

            Tester runs are kept in SQLite at --database (default ./roundtrip.sqlite in the current \
            folder; ':memory:' keeps nothing). Callback URLs start with --public-url, which must be \
            https (ULC callbacks are universal links): put the server behind a TLS proxy and give its \
            public address; the default is https://localhost:PORT.

            Logs go to stderr (--log-level, default info). SIGTERM or SIGINT stops the server \
            gracefully: in-flight requests finish, then it exits 0. Exits 2 for bad usage or an \
            unusable spec or database.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one; the log says which).")
    var port = 8080

    @Option(help: "The SQLite file for tester runs, or :memory:.")
    var database = "roundtrip.sqlite"

    @Option(name: .customLong("spec"), help: "A spec whose domains to host and whose actions the inspector knows; repeat for more.")
    var specs: [String] = []

    @Option(name: .customLong("public-url"), help: "The https base of the tester's callback URLs, e.g. https://tester.example.com.")
    var publicURL: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, not \(port)") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        if let publicURL {
            guard let split = try? URLSplit(publicURL), split.scheme.lowercased() == "https", !split.host.isEmpty,
                split.query == nil, split.fragment == nil
            else {
                throw ValidationError("--public-url must be an https URL without query or fragment, e.g. https://tester.example.com")
            }
        }
    }

    func run() async throws {
        let specs = try self.specs.map(SpecInput.load)
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "roundtrip.serve")
        let store: SQLiteTestStore
        do {
            store = try SQLiteTestStore(path: database)
        } catch {
            throw CommandFailure.usage("cannot open the database \(database): \(error)")
        }
        let configuration = ServerConfiguration(host: host, port: port, specs: specs, publicURL: publicURL)
        do {
            _ = try AssociationCatalog(specs: specs)
        } catch {
            throw CommandFailure.usage(error.description)
        }
        logger.info("serving", metadata: [
            "database": "\(database)", "specs": "\(self.specs.count)", "public-url": "\(configuration.publicURL)",
        ])
        try await ServerApplication.run(configuration: configuration, store: store, logger: logger)
        logger.info("stopped")
    }
}
