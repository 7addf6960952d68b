import BackgroundWire
import Dispatch

/// The process's main dispatch queue, where every app's main executor runs its jobs: there the
/// app's code is also the main actor's, so `@MainActor` code it calls, and blocks given to
/// `DispatchQueue.main`, run one at a time with it, as on an iOS app's main thread.
package enum MainQueue {
    /// The main queue, made once: on Linux, each read of `DispatchQueue.main` makes a new object.
    package static let queue = DispatchQueue.main
    private static let key = DispatchSpecificKey<Bool>()
    /// Marks the main queue, once, so that ``isCurrent`` can tell it from a worker's queue
    /// (after `dispatchMain()`, Linux serves the main queue from a worker thread, so the thread
    /// alone cannot tell).
    private static let isMarked: Bool = {
        queue.setSpecific(key: key, value: true)
        return true
    }()

    /// Whether the caller runs a block of the main queue now.
    package static var isCurrent: Bool {
        _ = isMarked
        return DispatchQueue.getSpecific(key: key) ?? false
    }

    /// Runs `body` on the main queue and returns its result: at once if the caller is already
    /// on it, else after the blocks already queued there.
    static func sync<T>(_ body: () throws -> T) rethrows -> T {
        if isCurrent { return try body() }
        return try queue.sync(execute: body)
    }
}
