import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOSSL
import Roundtrip
import RoundtripAssociatedDomains

/// Fetches one domain's file the ways that matter, over AsyncHTTPClient: as Apple's crawler,
/// as a plain client, and Apple's CDN copy, all three at once.
///
/// Every fetch is HTTPS with the certificate checked against the system's roots (plus the
/// options' extra roots) for the URL's host, follows no redirect (Apple's CDN follows none),
/// sends no `Accept-Encoding` (the size limit is on the file as served), reads at most one
/// byte past the file's limit (Apple's 128 KB, Android's 1 MiB), and ends by the options' timeout: one deadline for each whole exchange,
/// connection to last byte of the body, and at once when the calling task is cancelled.
struct LiveFetcher: Sendable {
    let options: LiveCheckOptions

    /// The three fetches of a domain.
    struct Fetches: Sendable {
        /// As Apple's crawler.
        var crawler: FetchOutcome
        /// With a plain user agent.
        var plain: FetchOutcome
        /// Apple's CDN copy; `nil` when the options skip the CDN.
        var cdn: FetchOutcome?
    }

    /// The failures that come before the request is sent (a certificate refused in the TLS
    /// handshake, a connection that never completes), or that end the whole check (cancelled).
    static let failsAlike: Set<String> = ["certificate", "timeout", "cancelled"]

    /// A client for every domain of a check, when they can share one: connections to the same
    /// host (Apple's CDN above all) are then reused. `nil` under ``AddressPolicy/publicOnly``,
    /// where each domain's client pins the address that was checked.
    func sharedClient() -> HTTPClient? {
        guard options.addressPolicy == .any else { return nil }
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration(Self.routes(options.resolves)))
    }

    private static func routes(_ entries: [ResolveEntry]) -> [String: ResolveEntry] {
        var routes: [String: ResolveEntry] = [:]
        for entry in entries { routes[entry.domain] = entry }
        return routes
    }

    /// Fetches a domain's file as the crawler, then as a plain client (on the same connection),
    /// while Apple's CDN is asked for its copy.
    ///
    /// - Parameter shared: The check's shared client, from ``sharedClient()``; without one, a
    ///   client of its own is made and shut down.
    func fetch(_ domain: CheckedDomain, shared: HTTPClient? = nil) async -> Fetches {
        let crawlerURL = domain.fileURL
        let cdnURL = options.cdnBase.map { "\($0)/\(domain.host)" }
        var fetches = Fetches(
            crawler: FetchOutcome(url: crawlerURL, userAgent: LiveCheckOptions.crawlerUserAgent),
            plain: FetchOutcome(url: crawlerURL, userAgent: LiveCheckOptions.plainUserAgent),
            cdn: cdnURL.map { FetchOutcome(url: $0, userAgent: LiveCheckOptions.crawlerUserAgent) }
        )
        let (connections, failure) = await connections(for: domain.host)
        if let failure {
            fetches.crawler.failure = failure
            fetches.plain.failure = failure
            // A domain this server may not check (or a check that was cancelled) is not looked up at
            // the CDN either; one it cannot resolve still is: what devices see does not depend on this
            // server's DNS.
            if failure.code == "private-address" { fetches.cdn = nil }
            if failure.code == "cancelled" {
                fetches.cdn?.failure = failure
                return fetches
            }
        }
        let asked = fetches
        let client = shared ?? HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration(connections))
        async let cdn = fetchIfAsked(asked.cdn, client: client, routes: connections)
        var fetched = asked
        if asked.crawler.failure == nil {
            fetched.crawler = await fetch(asked.crawler, client: client, routes: connections)
            if let failure = fetched.crawler.failure, Self.failsAlike.contains(failure.code) {
                // Decided before any header is sent, so the user agent cannot change it; fetching
                // again would only double the time a blackholed domain takes.
                fetched.plain.failure = failure
            } else {
                fetched.plain = await fetch(asked.plain, client: client, routes: connections)
            }
        }
        fetched.cdn = await cdn
        if shared == nil { try? await client.shutdown() }
        return fetched
    }

    /// Fetches one file of `host` once, as ``fetch(_:shared:)`` fetches each of its files: the same
    /// `--resolve` entries, address policy, certificate check, deadline and size limit (the
    /// outcome's), no redirect followed. `roundtrip assetlinks check` fetches Android's file so.
    func fetchFile(_ outcome: FetchOutcome, host: String, shared: HTTPClient? = nil) async -> FetchOutcome {
        let (connections, failure) = await connections(for: host)
        if let failure {
            var outcome = outcome
            outcome.failure = failure
            return outcome
        }
        let client = shared ?? HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration(connections))
        let fetched = await fetch(outcome, client: client, routes: connections)
        if shared == nil { try? await client.shutdown() }
        return fetched
    }

    /// Where connections to `host` go (the `--resolve` entries, and under
    /// ``AddressPolicy/publicOnly`` the one public address checked), or why `host` is not fetched
    /// at all: the check was cancelled, or the address may not be reached.
    private func connections(for host: String) async -> ([String: ResolveEntry], FetchOutcome.Failure?) {
        var routes = Self.routes(options.resolves)
        guard !Task.isCancelled else {
            // The client went away: nothing is resolved or fetched for it any more.
            return (routes, FetchOutcome.Failure(code: "cancelled", message: "the check was cancelled before \(host) was fetched"))
        }
        do {
            if let pinned = try await pinnedEntry(for: host, given: routes[host]) {
                routes[host] = pinned
            }
        } catch {
            return (routes, error)
        }
        return (routes, nil)
    }

    /// Runs `body` for each index below `count`, at most `width` at once, and returns the results
    /// in index order: the concurrency of every live check.
    static func concurrently<Result: Sendable>(
        _ count: Int,
        width: Int,
        _ body: @escaping @Sendable (Int) async -> Result
    ) async -> [Result] {
        await withTaskGroup(of: (Int, Result).self) { group in
            var results: [Result?] = Array(repeating: nil, count: count)
            var next = 0
            while next < min(max(1, width), count) {
                let index = next
                group.addTask { (index, await body(index)) }
                next += 1
            }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < count {
                    let index = next
                    group.addTask { (index, await body(index)) }
                    next += 1
                }
            }
            return results.compactMap { $0 }
        }
    }

    /// Under ``AddressPolicy/publicOnly``, the entry that pins `host` to the one public address it
    /// was checked at; `nil` when any address may be reached.
    private func pinnedEntry(for host: String, given: ResolveEntry?) async throws(FetchOutcome.Failure) -> ResolveEntry? {
        guard options.addressPolicy == .publicOnly else { return nil }
        let port = given?.port ?? 443
        let address: SocketAddress
        do {
            if let given {
                address = try SocketAddress(ipAddress: given.address, port: port)
            } else {
                address = try await AddressPolicy.resolve(host, port: port)
            }
        } catch {
            throw FetchOutcome.Failure(code: "unreachable", message: "cannot resolve \(host): \(error)")
        }
        guard AddressPolicy.isPublic(address), let ip = address.ipAddress else {
            throw FetchOutcome.Failure(
                code: "private-address",
                message:
                    "\(host) resolves to \(address.ipAddress ?? "a local address"), which is not a public address; this server checks public domains only"
            )
        }
        return ResolveEntry(domain: host, port: port, address: ip)
    }

    private func configuration(_ routes: [String: ResolveEntry]) -> HTTPClient.Configuration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .fullVerification
        // A connection cut off at its deadline, or whose check was cancelled, closes without
        // waiting for the site's own close_notify (RFC 8446, section 6.1, does not ask the closing
        // side to wait for it); NIOSSL's default wait of 5 s would let a site that keeps writing
        // hold the connection, and the check, that much longer.
        tls.shutdownTimeout = .milliseconds(100)
        if !options.extraTrustRoots.isEmpty {
            tls.additionalTrustRoots = [.certificates(options.extraTrustRoots)]
        }
        let timeout = TimeAmount(options.timeout)
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: .disallow,
            timeout: .init(connect: timeout, read: timeout),
            decompression: .disabled
        )
        // A failed connection is a finding to report at once, not something to retry until the
        // deadline hides what went wrong.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.dnsOverride = routes.mapValues(\.address)
        return configuration
    }

    private func fetchIfAsked(_ outcome: FetchOutcome?, client: HTTPClient, routes: [String: ResolveEntry]) async -> FetchOutcome? {
        guard let outcome else { return nil }
        return await fetch(outcome, client: client, routes: routes)
    }

    /// One GET of `outcome.url`.
    private func fetch(_ outcome: FetchOutcome, client: HTTPClient, routes: [String: ResolveEntry]) async -> FetchOutcome {
        var outcome = outcome
        guard let split = try? URLSplit(outcome.url) else {
            outcome.failure = FetchOutcome.Failure(code: "unreachable", message: "'\(outcome.url)' is not an absolute URL")
            return outcome
        }
        let host = split.host.lowercased()
        var request = HTTPClientRequest(url: outcome.url)
        if let entry = routes[host] {
            // The connection goes to the entry's port; the Host header stays what Apple sends.
            let path = (split.path.isEmpty ? "/" : String(split.path)) + (split.query.map { "?" + $0 } ?? "")
            request = HTTPClientRequest(url: "\(split.scheme)://\(host):\(entry.port)\(path)")
            request.headers.add(name: "Host", value: host + (split.port.map { ":" + $0 } ?? ""))
        }
        request.method = .GET
        request.headers.add(name: "User-Agent", value: outcome.userAgent)
        request.headers.add(name: "Accept", value: "*/*")
        do {
            let (timeout, sent, limit) = (options.timeout, request, outcome.limit)
            let answer = try await Self.within(timeout) { try await Self.exchange(sent, client: client, timeout: timeout, limit: limit) }
            outcome.status = answer.status
            outcome.contentType = answer.contentType
            outcome.location = answer.location
            outcome.body = answer.body
        } catch {
            outcome.status = nil
            outcome.failure = Self.failure(error, host: host)
        }
        return outcome
    }

    /// What one exchange brought back.
    private struct Answer: Sendable {
        var status: Int
        var contentType: String?
        var location: String?
        var body: [UInt8]
    }

    /// Sends `request` and reads its answer, at most one byte past `limit`.
    private static func exchange(_ request: HTTPClientRequest, client: HTTPClient, timeout: Duration, limit size: Int) async throws -> Answer {
        let limit = size + 1
        // AsyncHTTPClient's own deadline ends with the response head; ``within(_:_:)`` bounds
        // the body too.
        let response = try await client.execute(request, deadline: .now() + TimeAmount(timeout))
        var answer = Answer(
            status: Int(response.status.code),
            contentType: response.headers.first(name: "Content-Type"),
            location: response.headers.first(name: "Location"),
            body: []
        )
        for try await chunk in response.body {
            answer.body += chunk.readableBytesView.prefix(limit - answer.body.count)
            if answer.body.count >= limit { break }
        }
        return answer
    }

    /// Runs `operation` for at most `limit`, then cancels it and throws
    /// `HTTPClientError.deadlineExceeded`: one deadline for the whole exchange, connection to last
    /// byte, so a server that trickles its body a byte at a time (each byte restarting a read
    /// timeout) is cut off all the same. Cancelling the calling task (a client that went away)
    /// cancels the operation too.
    ///
    /// Structured, unlike a race that abandons its loser: AsyncHTTPClient honours cancellation by
    /// closing the connection, so waiting for the cancelled fetch is short and leaves no socket
    /// behind.
    static func within<Value: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw HTTPClientError.deadlineExceeded }
            return value
        }
    }

    /// What a client error means for Apple: a certificate it would refuse, a timeout, or a host it
    /// cannot reach.
    static func failure(_ error: any Error, host: String) -> FetchOutcome.Failure {
        if error is NIOSSLError || error is NIOSSLExtraError || error is BoringSSLError {
            return FetchOutcome.Failure(
                code: "certificate",
                message:
                    "the TLS handshake with \(host) failed (\(error)); Apple needs a certificate for \(host) from a CA it trusts, with the whole chain"
            )
        }
        if let clientError = error as? HTTPClientError,
            [HTTPClientError.deadlineExceeded, .connectTimeout, .readTimeout, .getConnectionFromPoolTimeout].contains(clientError)
        {
            return FetchOutcome.Failure(code: "timeout", message: "\(host) did not answer in time (\(clientError))")
        }
        if error is CancellationError || error as? HTTPClientError == .cancelled {
            return FetchOutcome.Failure(code: "cancelled", message: "the check was cancelled before \(host) answered")
        }
        return FetchOutcome.Failure(code: "unreachable", message: "cannot reach \(host): \(error)")
    }
}

extension TimeAmount {
    /// The same span as a `Duration`, to the nanosecond.
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
