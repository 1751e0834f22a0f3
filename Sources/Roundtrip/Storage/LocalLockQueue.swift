import Foundation

/// The tasks of this process waiting for one lock file, served first come, first served.
///
/// `flock` cannot queue the tasks of one process fairly when it is polled with `LOCK_NB`: a
/// task that wakes up late can lose the lock to newer ones again and again. So the tasks of one
/// process take turns here first, and only the task at the head polls `flock`, against other
/// processes alone. The wait here is bounded by the work of the tasks ahead, each of which holds
/// the lock for one synchronous read-change-write and waits for other processes at most its
/// timeout.
final class LocalLockQueue: @unchecked Sendable {
    // @unchecked: `waiting` is only touched under `lock`.
    /// The queue of every lock file of the process.
    static let shared = LocalLockQueue()

    private let lock = NSLock()
    /// A path is present while a task holds its turn; the array holds the tasks waiting after it.
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Waits for this task's turn at `path`.
    ///
    /// - Parameters:
    ///   - path: The lock file.
    ///   - isolation: The caller's actor, so the turn is handed back on it.
    func enter(_ path: String, isolation: isolated (any Actor)? = #isolation) async {
        let free = lock.withLock { () -> Bool in
            if waiting[path] == nil {
                waiting[path] = []
                return true
            }
            return false
        }
        if free { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let handedOver = lock.withLock { () -> Bool in
                if waiting[path] == nil {
                    // Released between the two looks: the turn is ours.
                    waiting[path] = []
                    return true
                }
                waiting[path]!.append(continuation)
                return false
            }
            if handedOver { continuation.resume() }
        }
    }

    /// Ends this task's turn at `path`, handing it to the next waiting task.
    ///
    /// - Parameter path: The lock file.
    func leave(_ path: String) {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard var queue = waiting[path] else { return nil }
            if queue.isEmpty {
                waiting[path] = nil
                return nil
            }
            let first = queue.removeFirst()
            waiting[path] = queue
            return first
        }
        next?.resume()
    }
}
