import BackgroundWire
import Dispatch
import Synchronization

/// The main queue of a process that runs many devices (a test process): one device at a time
/// may hold it, and then code on the main queue that no device's job runs — a block the app gave
/// `DispatchQueue.main`, a `Task { @MainActor in }` — is that device's app's code, as all of the
/// main thread is one app's on iOS. Tests that hold it wait for each other; the others run in
/// parallel as before. The app's own process needs none: its main queue is the app's alone.
package final class MainActorHold: Sendable {
    /// The one of this process.
    package static let process = MainActorHold()

    private struct State {
        var holder: AppMainExecutor?
        var waiting: [(executor: AppMainExecutor, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// The executor of the device that holds the main queue now, if any.
    var holder: AppMainExecutor? { state.withLock { $0.holder } }

    /// Returns once `executor`'s device holds the main queue, after those that asked before it.
    package func acquire(for executor: AppMainExecutor) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isHeld = state.withLock { state -> Bool in
                guard state.holder == nil || state.holder === executor else {
                    state.waiting.append((executor, continuation))
                    return false
                }
                state.holder = executor
                return true
            }
            if isHeld { continuation.resume() }
        }
    }

    /// `executor`'s device no longer holds the main queue: the next waiting device does. The
    /// blocks its app gave the main queue before then run first, while they are still its code
    /// (`UIApplication.shared` answers in them), unless the caller is on the main queue itself.
    package func release(by executor: AppMainExecutor) {
        if holder === executor, !MainQueue.isCurrent {
            DispatchQueue.main.sync {}
        }
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.holder === executor else {
                state.waiting.removeAll { $0.executor === executor }
                return nil
            }
            guard !state.waiting.isEmpty else {
                state.holder = nil
                return nil
            }
            let next = state.waiting.removeFirst()
            state.holder = next.executor
            return next.continuation
        }
        next?.resume()
    }
}
