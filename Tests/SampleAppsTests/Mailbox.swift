import Foundation
import Roundtrip

/// The URLs one app opened, in order: what the system would hand to the other app. Each app's
/// opener posts here, and the test hands the URLs on, as iOS would, one at a time.
actor Mailbox {
    private var posted: [URL] = []
    private var waiter: CheckedContinuation<URL, Never>?
    /// Whether an app is installed to open the URLs; `false` makes every open fail.
    private let isInstalled: Bool

    /// Creates an empty mailbox.
    ///
    /// - Parameter isInstalled: `false` to model a device where no app handles the URLs.
    init(isInstalled: Bool = true) {
        self.isInstalled = isInstalled
    }

    /// The opener an app is given: it posts every URL here.
    nonisolated var opener: ClosureURLOpener {
        ClosureURLOpener { url, _ in
            await self.post(url)
        }
    }

    /// The next URL opened, waiting for it if none is there yet.
    func next() async -> URL {
        if !posted.isEmpty { return posted.removeFirst() }
        return await withCheckedContinuation { waiter = $0 }
    }

    /// How many opened URLs nobody has taken yet.
    var count: Int { posted.count }

    private func post(_ url: URL) -> Bool {
        guard isInstalled else { return false }
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: url)
        } else {
            posted.append(url)
        }
        return true
    }
}
