import Foundation

/// Answers Universal Link Callbacks the way Imprivata's "iOS App Logout via Universal Link Callback" requires of the receiving app.
///
/// - **Durable first:** each ULC is written to a journal before anything else, so a force-quit
///   before the answer loses nothing; after relaunch, ``startupFinished()`` answers it.
/// - **Deferred until startup has finished:** ULCs that arrive during launch wait for
///   ``startupFinished()`` ("You may want to delay processing of Universal Links until after your
///   app's normal startup routine").
/// - **Retry before error:** a failing action is retried while the 20-second budget allows, and
///   only then answered on `ulc-error` ("If a retry may result in a successful logout, your app
///   should attempt the retry before calling {errorURL}").
/// - **Idempotent:** a repeated ULC (the caller may resend after a stall) never runs the action
///   twice; an answered one is answered again with the same outcome.
/// - **No interaction:** the action runs with no prompt, and the callback is opened without
///   `universalLinksOnly`, because the caller may be a web app.
public actor ULCResponder {
    /// What happened to one incoming ULC.
    public enum Disposition: Sendable, Hashable {
        /// Recorded; it will be answered when startup finishes.
        case deferred
        /// The action ran and the callback for this outcome was opened.
        case answered(outcome: String, attempts: Int)
        /// A repeat of an answered ULC: the same outcome was opened again; the action did not run.
        case repeated(outcome: String)
        /// A repeat of a ULC still being processed: ignored.
        case alreadyInProgress
    }

    /// The work a ULC asks for (a logout). Throw to fail an attempt; it is retried within the budget.
    public typealias Action = @Sendable (AcceptedRequest, _ attempt: Int) async throws -> Void

    private let endpoint: Endpoint
    private let journal: any ULCJournal
    private let opener: any URLOpener
    private let clock: @Sendable () -> Date
    private let action: Action
    /// The time a ULC may take from arrival to answer (Imprivata's "iOS App Logout via Universal Link Callback": 20 seconds).
    public let budget: TimeInterval
    /// The most attempts of the action per ULC.
    public let maximumAttempts: Int
    private var isStartupFinished = false
    private var inProgress: Set<String> = []

    /// Creates a responder.
    ///
    /// - Parameters:
    ///   - endpoint: Decides incoming URLs (the ULC action must use convention `ulc`).
    ///   - journal: Where received ULCs are kept until answered; must survive a force-quit.
    ///   - opener: Opens the callback (`UIApplication.open` without `universalLinksOnly`).
    ///   - budget: Seconds from arrival to answer; 20 by default.
    ///   - maximumAttempts: Attempts of the action before answering `ulc-error`; 3 by default.
    ///   - clock: The current time.
    ///   - action: The work, such as logging out.
    public init(
        endpoint: Endpoint,
        journal: any ULCJournal,
        opener: any URLOpener,
        budget: TimeInterval = 20,
        maximumAttempts: Int = 3,
        clock: @escaping @Sendable () -> Date = { Date() },
        action: @escaping Action
    ) {
        self.endpoint = endpoint
        self.journal = journal
        self.opener = opener
        self.budget = budget
        self.maximumAttempts = max(1, maximumAttempts)
        self.clock = clock
        self.action = action
    }

    /// Receives a ULC request URL.
    ///
    /// - Throws: ``RoundtripError`` when the URL is not an acceptable ULC (it is then not
    ///   journaled and never answered), or a storage error from the journal.
    @discardableResult
    public func receive(_ url: String, source: String? = nil) async throws -> Disposition {
        let request = try endpoint.evaluate(url, source: source, now: clock())
        guard request.convention == .universalLinkCallback,
            let success = request.callbackURLs["success"], let error = request.callbackURLs["error"]
        else {
            throw RoundtripError(.unknownRoute, "the action '\(request.actionName)' is not a Universal Link Callback action")
        }
        var entries = try await journal.entries()
        if let existing = entries.first(where: { $0.url == url }) {
            if existing.state == .answered, let outcome = existing.outcome {
                await open(outcome == "success" ? existing.successURL : existing.errorURL)
                return .repeated(outcome: outcome)
            }
            if inProgress.contains(url) || !isStartupFinished { return .alreadyInProgress }
            return try await process(url)
        }
        entries.append(ULCJournalEntry(url: url, successURL: success, errorURL: error, receivedAt: clock()))
        try await journal.save(entries)
        guard isStartupFinished else { return .deferred }
        return try await process(url)
    }

    /// Marks the app's startup as finished and answers every ULC still pending in the journal,
    /// including those received before a force-quit.
    ///
    /// - Returns: The disposition of each pending ULC, in arrival order.
    @discardableResult
    public func startupFinished() async throws -> [Disposition] {
        isStartupFinished = true
        var results: [Disposition] = []
        for entry in try await journal.entries() where entry.state == .pending && !inProgress.contains(entry.url) {
            results.append(try await process(entry.url))
        }
        return results
    }

    /// Runs the action with retries inside the budget, then answers and journals the outcome.
    private func process(_ url: String) async throws -> Disposition {
        inProgress.insert(url)
        defer { inProgress.remove(url) }
        guard var entry = try await journal.entries().first(where: { $0.url == url }) else { return .alreadyInProgress }
        var succeeded = false
        if let request = try? endpoint.evaluate(url, now: clock()) {
            while entry.attempts < maximumAttempts, clock().timeIntervalSince(entry.receivedAt) < budget {
                entry.attempts += 1
                do {
                    try await action(request, entry.attempts)
                    succeeded = true
                    break
                } catch {
                    continue
                }
            }
        }
        // An action that finished after the budget still counts as a stall: the caller may
        // already have given up, so report error rather than a late success.
        if succeeded, clock().timeIntervalSince(entry.receivedAt) > budget { succeeded = false }
        entry.state = .answered
        entry.outcome = succeeded ? "success" : "error"
        var entries = try await journal.entries()
        if let index = entries.firstIndex(where: { $0.url == url }) { entries[index] = entry }
        try await journal.save(entries)
        await open(succeeded ? entry.successURL : entry.errorURL)
        return .answered(outcome: entry.outcome ?? "error", attempts: entry.attempts)
    }

    private func open(_ callback: String) async {
        guard let url = URL(string: callback) else { return }
        // Not universal-links-only: the initiating app may be a web app (Imprivata's "iOS App Logout via Universal Link Callback").
        _ = await opener.open(url, universalLinksOnly: false)
    }
}
