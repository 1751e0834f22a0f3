import Foundation
import Roundtrip
import RoundtripAASACheck
import RoundtripAssociatedDomains

/// What a server hosts and how it answers: the specs behind the AASA files and the inspector,
/// the public base of the tester's callback URLs, and the tester's limits.
package struct ServerConfiguration: Sendable {
    /// The address to listen on (loopback by default).
    package var host: String
    /// The port to listen on.
    package var port: Int
    /// The specs: their domains are the AASA files served, their actions the inspector's routes.
    package var specs: [Spec]
    /// The https base the tester's callback URLs start with, without a trailing slash, for
    /// example `https://roundtrip.example.com`. ULC callbacks must be https (the Universal Link Callback convention), so the
    /// server is meant to sit behind a TLS proxy that forwards to it.
    package var publicURL: String
    /// Whether ``publicURL`` is the default `https://localhost:PORT`, which the server rewrites
    /// with the port it actually bound once it listens (`port` 0 picks a free one).
    package var publicURLFollowsBoundPort: Bool
    /// How long a test may stay pending before it counts as timed out: 20 s (the Universal Link Callback convention:
    /// "Your app's logout process should take no longer than 20 seconds").
    package var testTimeout: Duration
    /// The longest target URL a test accepts, in UTF-8 bytes.
    package var maximumTargetLength: Int
    /// How long a connection may stay without traffic (between requests, or in the middle of
    /// sending one, a half-sent request head included) before the server closes it.
    package var idleTimeout: Duration
    /// How long a request head may take from its first byte to its blank line; past it the
    /// server answers 408 and closes the connection (the idle timeout alone restarts with each
    /// line of a head sent slowly).
    package var requestHeadTimeout: Duration
    /// The most connections one remote address may hold open at once; 0 for no cap. Behind a
    /// proxy every client has the proxy's address.
    package var connectionsPerAddress: Int
    /// How long tester runs are kept: a periodic sweep deletes older ones.
    package var retention: Duration
    /// How often the retention sweep runs.
    package var retentionSweepInterval: Duration
    /// The writing requests (POSTs, callbacks) one client (remote address) may make a minute;
    /// 0 turns the limit off.
    package var writesPerMinute: Int
    /// How the checkers' live checks (AASA and assetlinks) fetch. By default only public addresses are reached
    /// (``AddressPolicy/publicOnly``): a visitor's domain must not make the server fetch from its
    /// own loopback or private network (server-side request forgery); `roundtrip serve
    /// --aasa-check-private` allows any address, for a server on a private network.
    package var liveCheck: LiveCheckOptions
    /// The live checks (form or API) one client may start a minute: each makes three outbound
    /// fetches, so the limit is much lower than ``writesPerMinute``; 0 turns it off.
    package var liveChecksPerMinute: Int
    /// Where the pages' heavy requests (`/inspect`'s decisions, the checkers' matching) run:
    /// 2 threads of their own, 8 more requests admitted, 10 s to answer (see ``HeavyPageWork``).
    package var heavyPageWork = HeavyPageWork()
    /// The matching steps one `/aasa-check` request may take over all its URLs (see
    /// ``AssociationMatcher/defaultWorkLimit``); past it the page reports `work-limit-exceeded`.
    package var aasaCheckWorkLimit = AssociationMatcher.defaultWorkLimit
    /// The matching steps one `/assetlinks-check` request may take over all its URLs, counted as
    /// an upper bound of the characters the matcher compares; past it the page reports
    /// `work-limit-exceeded`. The same figure as the AASA checker's.
    package var assetLinksCheckWorkLimit = AssociationMatcher.defaultWorkLimit
    /// How long `/readyz` waits for the store to take a write before it answers 503 (1 s): a
    /// store slower than that is taken out of rotation.
    package var readinessLimit: Duration = .seconds(1)

    /// A configuration.
    ///
    /// - Parameters:
    ///   - host: The address to listen on.
    ///   - port: The port to listen on.
    ///   - specs: The specs to host and inspect against.
    ///   - publicURL: The https base of callback URLs; a trailing `/` is dropped.
    ///   - testTimeout: The tester's deadline.
    ///   - maximumTargetLength: The longest target accepted.
    ///   - idleTimeout: How long a silent connection stays open (30 s).
    ///   - retention: How long runs are kept (7 days).
    ///   - retentionSweepInterval: How often old runs are deleted (hourly).
    ///   - writesPerMinute: The writing requests a client may make a minute (120).
    ///   - liveCheck: How the live AASA check fetches (public addresses only, Apple's CDN, 10 s).
    ///   - liveChecksPerMinute: The live checks a client may start a minute (6).
    ///   - requestHeadTimeout: How long a request head may take (10 s).
    ///   - connectionsPerAddress: The connections one address may hold at once (128).
    package init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        specs: [Spec] = [],
        publicURL: String? = nil,
        testTimeout: Duration = .seconds(20),
        maximumTargetLength: Int = 2048,
        idleTimeout: Duration = .seconds(30),
        retention: Duration = .seconds(7 * 24 * 3600),
        retentionSweepInterval: Duration = .seconds(3600),
        writesPerMinute: Int = 120,
        liveCheck: LiveCheckOptions = ServerConfiguration.publicLiveCheck,
        liveChecksPerMinute: Int = 6,
        requestHeadTimeout: Duration = .seconds(10),
        connectionsPerAddress: Int = 128
    ) {
        self.host = host
        self.port = port
        self.specs = specs
        publicURLFollowsBoundPort = publicURL == nil
        var base = publicURL ?? Self.localPublicURL(port: port)
        while base.hasSuffix("/") { base.removeLast() }
        self.publicURL = base
        self.testTimeout = testTimeout
        self.maximumTargetLength = maximumTargetLength
        self.idleTimeout = idleTimeout
        self.retention = retention
        self.retentionSweepInterval = retentionSweepInterval
        self.writesPerMinute = writesPerMinute
        self.liveCheck = liveCheck
        self.liveChecksPerMinute = liveChecksPerMinute
        self.requestHeadTimeout = requestHeadTimeout
        self.connectionsPerAddress = connectionsPerAddress
    }

    /// The live check of a public server: public addresses only, at most 4 domains at once.
    package static var publicLiveCheck: LiveCheckOptions {
        var options = LiveCheckOptions()
        options.addressPolicy = .publicOnly
        options.maximumConcurrency = 4
        return options
    }

    /// The default public base: `https://localhost:PORT`.
    package static func localPublicURL(port: Int) -> String {
        "https://localhost:\(port)"
    }
}
