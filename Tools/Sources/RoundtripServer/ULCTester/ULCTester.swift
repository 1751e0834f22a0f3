import Logging
import Roundtrip

/// The tester: plays the calling app of the Universal Link Callback convention. It makes links whose callbacks point back at
/// this server, records the first callback of each run, and reports the status against the
/// deadline.
///
/// Values only: the store, the clock and the token source are injected.
package struct ULCTester: Sendable {
    /// Where runs are kept.
    package let store: any ULCTestStore
    /// The time source.
    package let clock: ServerClock
    /// The https base of callback URLs (`<publicURL>/cb/<token>/<outcome>`).
    package var publicURL: String { publicBase.current }
    /// Where ``publicURL`` is kept: the server replaces a default base once it knows its bound port.
    private let publicBase: PublicBaseURL
    /// The deadline, in milliseconds.
    package let timeoutMilliseconds: Int64
    /// The longest target accepted.
    package let maximumTargetLength: Int
    /// How long one request's store work may take in all (a callback reads, writes and reads
    /// again): past it the request is answered 503 `store-unavailable`.
    package let requestDeadline: Duration
    /// Makes identifiers and tokens: `byteCount` random bytes as base64url.
    let makeToken: @Sendable (_ byteCount: Int) -> String

    /// A tester.
    ///
    /// - Parameters:
    ///   - store: Where runs are kept.
    ///   - clock: The time source.
    ///   - publicURL: The https base of callback URLs, without a trailing `/`.
    ///   - timeout: The deadline (20 s in the Universal Link Callback convention).
    ///   - maximumTargetLength: The longest target accepted.
    ///   - requestDeadline: How long one request's store work may take in all (5 s).
    ///   - makeToken: Random identifiers; ``Nonce/make(byteCount:)`` by default.
    package init(
        store: any ULCTestStore,
        clock: ServerClock = .system,
        publicURL: String,
        timeout: Duration = .seconds(20),
        maximumTargetLength: Int = 2048,
        requestDeadline: Duration = .seconds(5),
        makeToken: @escaping @Sendable (_ byteCount: Int) -> String = { Nonce.make(byteCount: $0) }
    ) {
        self.store = store
        self.clock = clock
        publicBase = PublicBaseURL(publicURL)
        let parts = timeout.components
        timeoutMilliseconds = parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000
        self.maximumTargetLength = maximumTargetLength
        self.requestDeadline = requestDeadline
        self.makeToken = makeToken
    }

    /// Starts a run for a target.
    ///
    /// - Throws: ``APIError`` for a target the tester refuses; the store's errors.
    package func start(target text: String) async throws -> ULCTest {
        let target = try TestTarget(text, maximumLength: maximumTargetLength)
        // 72 bits for the public id (listed in the history), 128 for the callback secret.
        let token = makeToken(16)
        let test = ULCTest(
            id: makeToken(9),
            token: token,
            target: target.url,
            kind: target.kind,
            link: target.link(callbackBase: callbackBase(token: token)),
            createdAt: clock.milliseconds
        )
        try await store.insert(test)
        return test
    }

    /// Replaces the https base of the callback URLs of runs created from now on (the server calls
    /// it with the port it bound when it was given none).
    package func usePublicURL(_ base: String) {
        publicBase.current = base
    }

    /// The callback base of a token: `<publicURL>/cb/<token>`.
    package func callbackBase(token: String) -> String {
        publicURL + "/cb/" + token
    }

    /// A run by id.
    package func test(id: String) async throws -> ULCTest? {
        try await store.test(id: id)
    }

    /// The latest runs, newest first.
    package func recent(limit: Int = 50) async throws -> [ULCTest] {
        try await store.recent(limit: min(max(limit, 1), 500))
    }

    /// Records a callback: the first one of a run wins, later ones change nothing.
    ///
    /// - Returns: The run as stored afterwards and whether this call recorded it, or `nil` for
    ///   an unknown token or an outcome the run's convention does not have.
    /// - Throws: ``StoreUnavailableError`` when the store's three steps take longer than
    ///   ``requestDeadline`` in all; the store's errors.
    package func record(token: String, outcome: CallbackOutcome, query: String?) async throws -> (test: ULCTest, isFirst: Bool)? {
        let store = store
        let clock = clock
        return try await StoreDeadline.run(within: requestDeadline) { () async throws -> (test: ULCTest, isFirst: Bool)? in
            guard let existing = try await store.test(token: token), existing.kind.outcomes.contains(outcome) else { return nil }
            guard existing.outcome == nil else { return (existing, false) }
            let recorded = try await store.recordOutcome(token: token, outcome: outcome, at: clock.milliseconds, query: query)
            guard let test = try await store.test(token: token) else { return nil }
            return (test, recorded)
        }
    }

    /// The run's status now.
    package func status(of test: ULCTest) -> TestStatus {
        test.status(at: clock.milliseconds, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// The run's elapsed time now.
    package func elapsed(of test: ULCTest) -> Int64 {
        test.elapsedMilliseconds(at: clock.milliseconds, timeoutMilliseconds: timeoutMilliseconds)
    }
}
