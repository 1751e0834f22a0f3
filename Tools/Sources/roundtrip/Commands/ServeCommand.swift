import ArgumentParser
import Foundation
import Logging
import Roundtrip
import RoundtripAASACheck
import RoundtripAssociatedDomains
import RoundtripServer

/// `roundtrip serve [--host 127.0.0.1] [--port 8080] [--database PATH|postgres://…] [--spec SPEC]... [--public-url URL]
/// [--retention 7d] [--rate-limit 120] [--idle-timeout 30] [--request-head-timeout 10] [--connections-per-address 128]`
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Host the specs' AASA files and the ULC / x-callback-url tester web UI.",
        discussion: """
            Serves GET/HEAD /.well-known/apple-app-site-association (and /apple-app-site-association) \
            generated from the specs for the request's Host, the tester API under /api/ulc-tests, \
            its callback URLs under /cb/, and pages: / (new test), /tests (history), /inspect (decide a \
            URL against a spec; /inspect?url=…&spec=… decides from a link), /aasa-check (lint and \
            match a pasted file, or check a live domain as 'aasa check' does; also POST /api/aasa-check \
            {"domain": "example.com"}), /assetlinks-check (the same for assetlinks.json, as 'assetlinks \
            lint|match|check' do; also POST /api/assetlinks-check {"domain", "package"}), and probes: /healthz (liveness) and /readyz (the store answers).

            Tester runs are kept in SQLite at --database (default ./roundtrip.sqlite in the current \
            folder; ':memory:' keeps nothing), or in PostgreSQL with \
            --database postgres://user:password@host:5432/database[?sslmode=disable|prefer|require], \
            which several instances behind a load balancer share. Migrations run at start. A \
            database that goes away while serving makes tester requests answer 503 until it \
            returns. Callback URLs start with --public-url, which must be \
            https (ULC callbacks are universal links): put the server behind a TLS proxy and give its \
            public address; the default is https://localhost:PORT, with the port actually bound. A \
            run's link holds its secret callback token and is shown once, to whoever creates the run.

            Limits: runs older than --retention (default 7d, at least the tester's 20 s timeout) are \
            deleted hourly; each client address may make --rate-limit writing requests (POSTs, \
            callbacks) a minute (default 120, 0 for none; behind a proxy all clients share its \
            address) and hold --connections-per-address connections at once (default 128, 0 for \
            none); a connection silent for --idle-timeout seconds (default 30) is closed, and a \
            request head not whole within --request-head-timeout seconds of its first byte \
            (default 10) is answered 408 and closed; POSTs from other sites, or naming a Host \
            other than the public URL's, --host, localhost or an IP address, are refused. A live \
            AASA or assetlinks check fetches from the internet, each fetch within 10 s, body included: \
            each client may start 6 a minute (both kinds together), and it refuses domains that resolve to loopback or private \
            addresses unless --aasa-check-private is given (for a server on a private network).

            Logs go to stderr (--log-level, default info), each request's lines with its \
            request-id (the X-Request-ID it came with, or a new one, echoed in the response). SIGTERM or SIGINT stops the server \
            gracefully: in-flight requests finish, then it exits 0. Exits 2 for bad usage, an \
            unusable spec, or a database that cannot be opened or reached (with the host and why).
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one; the log says which).")
    var port = 8080

    @Option(help: "Where tester runs are kept: a SQLite file, :memory:, or postgres://user:password@host:port/database.")
    var database = "roundtrip.sqlite"

    @OptionGroup var specOptions: SpecsOption

    @Option(name: .customLong("public-url"), help: "The https base of the tester's callback URLs, e.g. https://tester.example.com.")
    var publicURL: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(help: "How long tester runs are kept: a number with d, h, m or s, e.g. 7d or 12h.")
    var retention = "7d"

    @Option(name: .customLong("rate-limit"), help: "Writing requests (POSTs, callbacks) a client address may make a minute; 0 for none.")
    var rateLimit = 120

    @Option(name: .customLong("idle-timeout"), help: "Seconds a silent connection stays open, a half-sent request included.")
    var idleTimeout = 30

    @Option(name: .customLong("request-head-timeout"), help: "Seconds a request head may take from its first byte; 408 past it.")
    var requestHeadTimeout = 10

    @Option(name: .customLong("connections-per-address"), help: "Connections one client address may hold open at once; 0 for no cap.")
    var connectionsPerAddress = 128

    @Flag(
        name: .customLong("aasa-check-private"),
        help: "Let the AASA checker's live check fetch from loopback and private addresses (a server on a private network only)."
    )
    var aasaCheckPrivate = false

    /// A duration such as `7d`, `12h`, `30m` or `45s`; `nil` when it is not one or not positive.
    static func duration(_ text: String) -> Duration? {
        let units: [Character: Int64] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int64(text.dropLast()), count > 0,
            count <= Int64.max / 1000 / unit
        else { return nil }
        return .seconds(count * unit)
    }

    /// Connects to PostgreSQL and migrates, or exits 2 naming the host and the reason.
    static func postgres(_ url: String, logger: Logger) async throws -> PostgresTestStore {
        let place = (try? PostgresURL(url))?.description ?? "the URL given"
        do {
            return try await PostgresTestStore.connect(url: url, logger: logger)
        } catch let error as StoreUnavailableError {
            throw CommandFailure.usage("cannot use the PostgreSQL database at \(place): \(error.reason)")
        }
    }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, not \(port)") }
        guard let kept = Self.duration(retention) else {
            throw ValidationError("--retention must be a positive number with d, h, m or s, e.g. 7d, not '\(retention)'")
        }
        // A run deleted before its deadline would vanish while its app is still answering.
        let testTimeout = ServerConfiguration().testTimeout
        guard kept >= testTimeout else {
            throw ValidationError(
                "--retention must be at least \(testTimeout.components.seconds)s, the tester's timeout (a run is kept until it can no longer be answered), not '\(retention)'"
            )
        }
        guard rateLimit >= 0 else { throw ValidationError("--rate-limit must be 0 (no limit) or more, not \(rateLimit)") }
        guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be 1…3600 seconds, not \(idleTimeout)") }
        guard (1...3600).contains(requestHeadTimeout) else {
            throw ValidationError("--request-head-timeout must be 1…3600 seconds, not \(requestHeadTimeout)")
        }
        guard connectionsPerAddress >= 0 else {
            throw ValidationError("--connections-per-address must be 0 (no cap) or more, not \(connectionsPerAddress)")
        }
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
        let specs = try specOptions.load()
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "roundtrip.serve")
        var liveCheck = ServerConfiguration.publicLiveCheck
        if aasaCheckPrivate { liveCheck.addressPolicy = .any }
        do {
            liveCheck.cdnBase = try LiveCheckOptions.cdnBase(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw CommandFailure.usage(error.message)
        }
        let configuration = ServerConfiguration(
            host: host,
            port: port,
            specs: specs,
            publicURL: publicURL,
            idleTimeout: .seconds(idleTimeout),
            retention: Self.duration(retention) ?? .seconds(7 * 86_400),
            writesPerMinute: rateLimit,
            liveCheck: liveCheck,
            requestHeadTimeout: .seconds(requestHeadTimeout),
            connectionsPerAddress: connectionsPerAddress
        )
        // Without --public-url, the links name the port bound, which the "listening" line gives.
        let publicURLText = configuration.publicURLFollowsBoundPort ? "https://localhost:<bound port>" : configuration.publicURL
        do {
            _ = try AssociationCatalog(specs: specs)
        } catch {
            throw CommandFailure.usage(error.description)
        }
        if PostgresURL.isPostgres(database) {
            let store = try await Self.postgres(database, logger: logger)
            logger.info(
                "serving",
                metadata: [
                    "database": "postgres \(store.url)", "specs": "\(specs.count)", "public-url": "\(publicURLText)",
                ]
            )
            do {
                try await ServerApplication.run(configuration: configuration, store: store, logger: logger)
            } catch {
                await store.shutdown()
                throw error
            }
            await store.shutdown()
        } else {
            let store: SQLiteTestStore
            do {
                store = try SQLiteTestStore(path: database, logger: logger)
            } catch {
                throw CommandFailure.usage("cannot open the database \(database): \(error)")
            }
            logger.info(
                "serving",
                metadata: [
                    "database": "\(database)", "specs": "\(specs.count)", "public-url": "\(publicURLText)",
                ]
            )
            try await ServerApplication.run(configuration: configuration, store: store, logger: logger)
        }
        logger.info("stopped")
    }
}
