import Hummingbird
import Logging
import NIOCore
import Roundtrip
import RoundtripAssociatedDomains

/// Builds the Roundtrip server: AASA hosting, the tester API and callbacks, the pages, and the
/// operations probes (`/healthz`, `/readyz`), every request with an ID in the logs.
///
/// ```swift
/// let store = try SQLiteTestStore(path: "roundtrip.sqlite")
/// let app = try ServerApplication.make(configuration: configuration, store: store, logger: logger)
/// try await app.runService()   // until SIGTERM or SIGINT
/// ```
package enum ServerApplication {
    /// The router alone, for in-process use and tests.
    ///
    /// - Throws: ``AssociationError`` `missing-app-id` when a spec claims a domain with neither an app ID nor an Android app.
    package static func router(
        configuration: ServerConfiguration,
        store: any ULCTestStore,
        clock: ServerClock = .system
    ) throws(AssociationError) -> Router<ServerRequestContext> {
        try router(
            configuration: configuration,
            catalog: AssociationCatalog(specs: configuration.specs),
            tester: tester(configuration: configuration, store: store, clock: clock)
        )
    }

    private static func tester(configuration: ServerConfiguration, store: any ULCTestStore, clock: ServerClock) -> ULCTester {
        ULCTester(
            store: store,
            clock: clock,
            publicURL: configuration.publicURL,
            timeout: configuration.testTimeout,
            maximumTargetLength: configuration.maximumTargetLength
        )
    }

    private static func router(
        configuration: ServerConfiguration,
        catalog: AssociationCatalog,
        tester: ULCTester
    ) -> Router<ServerRequestContext> {
        let store = tester.store
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: ErrorMiddleware())
        router.add(
            middleware: WriteGuardMiddleware(
                limiter: WriteRateLimiter(perMinute: configuration.writesPerMinute),
                clock: tester.clock,
                publicURL: { tester.publicURL },
                listeningHost: configuration.host
            )
        )
        HealthRoutes(store: store, clock: tester.clock, limit: configuration.readinessLimit).register(on: router)
        AssociationRoutes(catalog: catalog).register(on: router)
        ULCTestRoutes(tester: tester).register(on: router)
        PageRoutes(
            tester: tester,
            specs: configuration.specs,
            domains: catalog.domains,
            heavyWork: configuration.heavyPageWork,
            aasaCheckWorkLimit: configuration.aasaCheckWorkLimit,
            assetLinksCheckWorkLimit: configuration.assetLinksCheckWorkLimit
        )
        .register(on: router)
        LiveCheckRoutes(
            options: configuration.liveCheck,
            limiter: WriteRateLimiter(perMinute: configuration.liveChecksPerMinute),
            clock: tester.clock
        ).register(on: router)
        return router
    }

    /// The application: the router on an HTTP/1.1 server at the configured address, with AASA
    /// requests for hosted domains answered on the event loop (``AssociationChannelHandler``).
    /// Run it with `runService()`, which shuts down gracefully on SIGTERM and SIGINT.
    ///
    /// - Parameters:
    ///   - configuration: What to host and where to listen.
    ///   - store: Where tester runs are kept.
    ///   - clock: The time source.
    ///   - logger: Where the server logs; the caller configures the logging backend.
    /// - Throws: ``AssociationError`` as ``router(configuration:store:clock:)`` does.
    package static func make(
        configuration: ServerConfiguration,
        store: any ULCTestStore,
        clock: ServerClock = .system,
        logger: Logger
    ) throws(AssociationError) -> some ApplicationProtocol {
        let catalog = try AssociationCatalog(specs: configuration.specs)
        let serverName = RoundtripVersion.productToken
        let tester = tester(configuration: configuration, store: store, clock: clock)
        let connections = configuration.connectionsPerAddress > 0 ? ConnectionCounter(perAddress: configuration.connectionsPerAddress) : nil
        return Application(
            router: router(configuration: configuration, catalog: catalog, tester: tester),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        // Before the AASA handler: its socket handler then goes in front of the
                        // guard's byte watcher, and requests it answers start no head deadline.
                        ConnectionGuardHandler(headTimeout: TimeAmount(configuration.requestHeadTimeout), connections: connections),
                        AssociationChannelHandler(catalog: catalog, serverName: serverName),
                    ],
                    // Closes connections that go quiet, a half-sent request head included: the
                    // head only counts as activity once it is complete.
                    idleTimeout: TimeAmount(configuration.idleTimeout)
                )
            ),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: serverName),
            services: [
                RetentionSweeper(
                    store: store,
                    clock: clock,
                    retention: configuration.retention,
                    interval: configuration.retentionSweepInterval,
                    logger: logger
                )
            ],
            onServerRunning: { channel in
                // Without --public-url the links name this server itself: with the port it bound,
                // which differs from the one asked for when that was 0.
                if configuration.publicURLFollowsBoundPort, let port = channel.localAddress?.port {
                    tester.usePublicURL(ServerConfiguration.localPublicURL(port: port))
                }
                logger.info("listening", metadata: ["callback-base": "\(tester.publicURL)"])
            },
            logger: logger
        )
    }

    /// Builds the application and runs it until SIGTERM or SIGINT, then shuts down gracefully:
    /// the listener closes, in-flight requests finish, and the call returns.
    ///
    /// - Throws: ``AssociationError`` as ``router(configuration:store:clock:)`` does; the server's
    ///   errors (for example, the port is in use).
    package static func run(
        configuration: ServerConfiguration,
        store: any ULCTestStore,
        clock: ServerClock = .system,
        logger: Logger
    ) async throws {
        try await make(configuration: configuration, store: store, clock: clock, logger: logger)
            .runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
