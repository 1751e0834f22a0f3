import Foundation
import Roundtrip

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
    /// How long a test may stay pending before it counts as timed out: 20 s (the Universal Link Callback convention:
    /// "Your app's logout process should take no longer than 20 seconds").
    package var testTimeout: Duration
    /// The longest target URL a test accepts, in UTF-8 bytes.
    package var maximumTargetLength: Int

    /// A configuration.
    ///
    /// - Parameters:
    ///   - host: The address to listen on.
    ///   - port: The port to listen on.
    ///   - specs: The specs to host and inspect against.
    ///   - publicURL: The https base of callback URLs; a trailing `/` is dropped.
    ///   - testTimeout: The tester's deadline.
    ///   - maximumTargetLength: The longest target accepted.
    package init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        specs: [Spec] = [],
        publicURL: String? = nil,
        testTimeout: Duration = .seconds(20),
        maximumTargetLength: Int = 2048
    ) {
        self.host = host
        self.port = port
        self.specs = specs
        var base = publicURL ?? "https://localhost:\(port)"
        while base.hasSuffix("/") { base.removeLast() }
        self.publicURL = base
        self.testTimeout = testTimeout
        self.maximumTargetLength = maximumTargetLength
    }
}
