import BackgroundPlatform
import Foundation
import Synchronization

/// The console lines an app in its own process logs on its main thread during one wake, held to
/// go to the system together, as one call (``AppCall/log(lines:)``): a didUpdateLocations of a
/// hundred fixes that logs a line each is two messages to encode, decode and answer, not a hundred.
///
/// The first line of a wake goes at once, as every line of an app that logs now and then does:
/// it costs nothing to wait for, and a crash right after it (a trap of the app's code) still
/// shows it. The lines after it are held, and leave at the latest when the wake ends
/// (``SocketSystemLink/wakeEnded()``), before any other call of the app's (so that the
/// console keeps the order of what the app did), when ``capacity`` lines wait, or the batch's
/// linger (``lingerLimit`` unless told otherwise) after the first of them was held — a job that
/// hangs (and is killed by the launch watchdog) still shows what it logged before. A thread of
/// its own, started with the first line held, keeps that last bound; it waits on nothing else,
/// so an app that logs a line a wake never wakes it.
final class ConsoleLineBatch: Sendable {
    /// How many lines wait at most.
    static let capacity = 256
    /// How long a held line waits at most, in seconds, unless told otherwise.
    static let lingerLimit: TimeInterval = 0.005

    private struct State {
        var lines: [String] = []
        /// Whether a line of the main thread's current wake has gone or is held.
        var isWakeLogging = false
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

    /// Takes `line`, logged during a wake of the app's main thread when `duringWake`; true when
    /// what the batch holds must be sent now: the line is the wake's first, or not of a wake,
    /// or the batch is full.
    func hold(_ line: String, duringWake: Bool) -> Bool {
        let (sendsNow, wakesThread, startsThread) = state.withLock { state in
            state.lines.append(line)
            guard duringWake, state.isWakeLogging, state.lines.count < Self.capacity else {
                state.isWakeLogging = state.isWakeLogging || duringWake
                return (true, false, false)
            }
            defer {
                state.isThreadWaiting = false
                state.isThreadStarted = true
            }
            return (false, state.isThreadWaiting, !state.isThreadStarted)
        }
        if startsThread { startThread() }
        if wakesThread { firstLineHeld.signal() }
        return sendsNow
    }

    /// The main thread's wake ended: its next line is a new wake's first.
    func endWake() {
        state.withLock { $0.isWakeLogging = false }
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
