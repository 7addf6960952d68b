import BackgroundPlatform
import Foundation
import Synchronization

/// The console lines an app in its own process logs on its main thread during one wake, held to
/// go to the system together, as one call (``AppCall/log(lines:)``): a didUpdateLocations of a
/// hundred fixes that logs a line each is one message to encode, decode and answer, not a hundred.
///
/// What is held leaves at the latest when the wake ends (``SocketSystemLink/flushConsoleLines()``),
/// before any other call of the app's (so that the console keeps the order of what the app did),
/// when ``capacity`` lines wait, or ``lingerLimit`` after the first of them was held — a job that
/// hangs (and is killed by the launch watchdog) still shows what it logged before. A thread of its
/// own, started with the first line held, keeps that last bound; it waits on nothing else, so an
/// idle app never wakes for it.
final class ConsoleLineBatch: Sendable {
    /// How many lines wait at most.
    static let capacity = 256
    /// How long a held line waits at most, in seconds, unless told otherwise.
    static let lingerLimit: TimeInterval = 0.005

    private struct State {
        var lines: [String] = []
        var isThreadStarted = false
        /// Whether the thread waits for a first line: only then does a line wake it.
        var isThreadWaiting = false
    }

    private let state = Mutex(State())
    private let firstLineHeld = DispatchSemaphore(value: 0)
    private let linger: TimeInterval
    private let flush: @Sendable (ConsoleLineBatch) -> Void

    /// - Parameters:
    ///   - linger: how long a held line waits at most, in seconds.
    ///   - flush: sends what the batch holds (taking it with ``take()``); called on the batch's
    ///     thread when a held line has waited `linger`.
    init(linger: TimeInterval = lingerLimit, flush: @escaping @Sendable (ConsoleLineBatch) -> Void) {
        self.linger = linger
        self.flush = flush
    }

    /// Holds `line`; true when the batch is full and must be flushed now.
    func hold(_ line: String) -> Bool {
        let (isFull, wakesThread, startsThread) = state.withLock { state in
            state.lines.append(line)
            defer {
                state.isThreadWaiting = false
                state.isThreadStarted = true
            }
            return (state.lines.count >= Self.capacity, state.isThreadWaiting, !state.isThreadStarted)
        }
        if startsThread { startThread() }
        if wakesThread { firstLineHeld.signal() }
        return isFull
    }

    /// The lines held, which leave the batch; nil when none are.
    func take() -> [String]? {
        state.withLock { state in
            guard !state.lines.isEmpty else { return nil }
            defer { state.lines = [] }
            return state.lines
        }
    }

    private func startThread() {
        Thread { [self] in
            ThreadName.set("console-lines")
            while true {
                Thread.sleep(forTimeInterval: linger)
                flush(self)
                let waits = state.withLock { state in
                    state.isThreadWaiting = state.lines.isEmpty
                    return state.isThreadWaiting
                }
                if waits { firstLineHeld.wait() }
            }
        }.start()
    }
}
