import Foundation

/// The rules of the pending-request ledger, as a value: record, find, consume, forget.
///
/// A ``LedgerStore`` adds persistence and isolation around a `Ledger`; the rules live here once,
/// so every store decides the same way:
///
/// - A callback is matched first by its exact base (`scheme://host/path`, scheme and host
///   case-insensitively), then by its `rt-state` nonce, compared in constant time against every
///   request pending at that base.
/// - A wrong nonce at a base that has a live request is `nonce-mismatch`; a base nobody is waiting
///   on is `unsolicited-response`; a consumed request (kept as a tombstone) is `replayed`; an
///   expired one is `expired`. Only ``consume(nonce:now:)`` changes anything, so a forged or
///   wrong callback never uses up the genuine request.
/// - Entries are forgotten ``retention`` seconds after they expire.
public struct Ledger: Sendable, Hashable {
    /// The entries by nonce.
    public private(set) var entries: [String: PendingRequest]
    /// How long an entry is kept after it expires, so a late or replayed callback is reported as
    /// `expired` or `replayed` rather than `unsolicited-response`.
    public var retention: TimeInterval
    /// Nonces by callback base key.
    private var index: [String: [String]]
    /// Nonces of requests with a template callback, by the base key of the template's literal
    /// part: its answer's base starts with that key (the placeholders fill the rest).
    private var templateIndex: [String: [String]]

    /// Creates a ledger.
    ///
    /// - Parameters:
    ///   - entries: Existing entries.
    ///   - retention: Seconds to keep entries after they expire (default one hour).
    public init(entries: [PendingRequest] = [], retention: TimeInterval = 3600) {
        self.entries = [:]
        self.retention = retention
        index = [:]
        templateIndex = [:]
        for entry in entries { insert(entry) }
    }

    /// The entries sorted by creation time, then nonce: a stable order for files and listings.
    ///
    /// - Complexity: O(*n* log *n*).
    public var sortedEntries: [PendingRequest] {
        entries.values.sorted { ($0.createdAt, $0.nonce) < ($1.createdAt, $1.nonce) }
    }

    /// The requests still waiting for an answer at `now` (not consumed, not expired).
    public func pending(at now: Date) -> [PendingRequest] {
        sortedEntries.filter { !$0.isConsumed && !$0.isExpired(at: now) }
    }

    /// Records a request.
    ///
    /// - Throws: ``RoundtripError`` `duplicate-parameter` when the nonce is already in the ledger,
    ///   `malformed-url` when a callback URL cannot be split.
    public mutating func record(_ request: PendingRequest) throws(RoundtripError) {
        guard entries[request.nonce] == nil else {
            throw RoundtripError(
                .duplicateParameter,
                "the rt-state nonce is already in the ledger; every request needs a fresh one",
                parameter: ReservedNames.state
            )
        }
        for url in request.callbacks.values { _ = try URLSplit(url) }
        insert(request)
    }

    /// Finds the request a callback answers, without consuming it.
    ///
    /// - Parameters:
    ///   - callback: The split callback URL.
    ///   - state: Its `rt-state` value, or `nil` when it has none.
    ///   - now: The current time.
    /// - Returns: The request and the outcome key of the callback it arrived on.
    /// - Throws: ``RoundtripError`` `unsolicited-response`, `nonce-mismatch`, `replayed` or `expired`.
    /// - Complexity: O(*k*) constant-time comparisons for the *k* requests pending at that base.
    public func find(answeredBy callback: URLSplit, state: String?, now: Date) throws(RoundtripError) -> LedgerMatch {
        let key = Ledger.baseKey(of: callback)
        let nonces = nonces(answeredAt: key)
        let display = ParameterParsing.abbreviated(String(callback.base))
        guard !nonces.isEmpty else {
            throw RoundtripError(
                .unsolicitedResponse,
                "no request is pending for the callback '\(display)'; it was not sent by this app, or was forgotten"
            )
        }
        var matched: PendingRequest?
        var hasLive = false
        let presented = state ?? ""
        for nonce in nonces {
            guard let entry = entries[nonce] else { continue }
            // Compare against every candidate, so timing does not reveal which one matched.
            if Nonce.constantTimeEquals(entry.nonce, presented), !presented.isEmpty { matched = entry }
            if !entry.isConsumed, !entry.isExpired(at: now) { hasLive = true }
        }
        guard let matched else {
            if hasLive {
                let why = state == nil ? "carries no rt-state" : "carries an rt-state that matches no request sent to it"
                throw RoundtripError(
                    .nonceMismatch,
                    "the callback '\(display)' \(why); the pending request is left untouched",
                    parameter: ReservedNames.state
                )
            }
            throw RoundtripError(
                .unsolicitedResponse,
                "no request is pending for the callback '\(display)'; every request sent to it was answered or has expired"
            )
        }
        try Ledger.checkAnswerable(matched, now: now)
        let callbackKey =
            matched.callbacks.first { _, url in
                (try? URLSplit(url)).map { matched.callbackTemplate == nil ? Ledger.baseKey(of: $0) == key : key.hasPrefix(Ledger.baseKey(of: $0)) }
                    ?? false
            }?.key ?? ""
        return LedgerMatch(request: matched, callbackKey: callbackKey)
    }

    /// The requests sent with a callback at this callback's base, answered or expired ones
    /// included while they are kept (see ``retention``).
    ///
    /// An answer that carries its nonce in a `custom` action's `state-parameter` rather than in
    /// `rt-state` is read in the shape of these requests; since answered and expired requests are
    /// among them, its replay is `replayed` and a late one `expired`, as with `rt-state`.
    ///
    /// - Complexity: O(*k*) for the *k* requests sent to that base.
    public func requests(answeredAt callback: URLSplit) -> [PendingRequest] {
        nonces(answeredAt: Ledger.baseKey(of: callback)).compactMap { entries[$0] }
    }

    /// Marks a request answered, exactly once.
    ///
    /// - Returns: The consumed entry.
    /// - Throws: ``RoundtripError`` `unsolicited-response` for an unknown nonce, `replayed` when it
    ///   was consumed already, `expired` when it expired.
    public mutating func consume(nonce: String, now: Date) throws(RoundtripError) -> PendingRequest {
        guard var entry = entries[nonce] else {
            throw RoundtripError(.unsolicitedResponse, "no request with this rt-state is pending", parameter: ReservedNames.state)
        }
        try Ledger.checkAnswerable(entry, now: now)
        entry.consumedAt = now
        entries[nonce] = entry
        return entry
    }

    /// Removes a request (for example one whose URL could not be opened).
    ///
    /// - Returns: Whether it was there.
    @discardableResult
    public mutating func remove(nonce: String) -> Bool {
        guard let entry = entries.removeValue(forKey: nonce) else { return false }
        unindex(entry)
        return true
    }

    /// Forgets entries that expired more than ``retention`` seconds before `now`.
    ///
    /// - Returns: How many entries were forgotten.
    /// - Complexity: O(*n*).
    @discardableResult
    public mutating func purge(now: Date) -> Int {
        let stale = entries.values.filter { now.timeIntervalSince($0.expiresAt) > retention }
        for entry in stale { remove(nonce: entry.nonce) }
        return stale.count
    }

    /// A request can take its answer only once, and only before it expires.
    private static func checkAnswerable(_ entry: PendingRequest, now: Date) throws(RoundtripError) {
        if entry.isConsumed {
            throw RoundtripError(
                .replayed,
                "the request to '\(entry.action)' was already answered; a callback is accepted once",
                parameter: ReservedNames.state
            )
        }
        if entry.isExpired(at: now) {
            throw RoundtripError(
                .expired,
                "the request to '\(entry.action)' expired \(Int(now.timeIntervalSince(entry.expiresAt))) s ago",
                parameter: ReservedNames.state
            )
        }
    }

    /// `scheme://host:port/path` with scheme and host lowercased and the path exact: the part of a
    /// callback URL that must match what was sent.
    static func baseKey(of split: URLSplit) -> String {
        var key = split.scheme.lowercased() + ":"
        if split.hasAuthority {
            key += "//" + split.host.lowercased() + (split.port.map { ":" + $0 } ?? "")
        }
        return key + split.path
    }

    /// The nonces of the requests a callback at the base `key` may answer: those sent with that
    /// exact base, else the template callbacks whose literal part it starts with.
    private func nonces(answeredAt key: String) -> [String] {
        index[key] ?? templateNonces(answeredAt: key)
    }

    /// The nonces of template callbacks whose literal part the base `key` starts with.
    ///
    /// - Complexity: O(*t*) for the *t* template prefixes pending; none for an app that sends none.
    private func templateNonces(answeredAt key: String) -> [String] {
        guard !templateIndex.isEmpty else { return [] }
        return templateIndex.filter { key.hasPrefix($0.key) }.flatMap(\.value)
    }

    private mutating func insert(_ entry: PendingRequest) {
        entries[entry.nonce] = entry
        for key in Set(entry.callbacks.values.compactMap { try? URLSplit($0) }.map(Ledger.baseKey)) {
            if entry.callbackTemplate == nil {
                index[key, default: []].append(entry.nonce)
            } else {
                templateIndex[key, default: []].append(entry.nonce)
            }
        }
    }

    private mutating func unindex(_ entry: PendingRequest) {
        for key in Set(entry.callbacks.values.compactMap { try? URLSplit($0) }.map(Ledger.baseKey)) {
            if entry.callbackTemplate == nil {
                index[key]?.removeAll { $0 == entry.nonce }
                if index[key]?.isEmpty == true { index[key] = nil }
            } else {
                templateIndex[key]?.removeAll { $0 == entry.nonce }
                if templateIndex[key]?.isEmpty == true { templateIndex[key] = nil }
            }
        }
    }
}
