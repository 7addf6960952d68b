import BackgroundPlatform
import BackgroundWire
import Foundation
import Synchronization

/// The link of an app whose code runs in its own process (`--isolation process`): each call
/// goes to the system over the socket, and a call that answers waits for its answer — read by
/// the asking thread itself from the answers' socket (``AnswerSocket``), or, while another thread
/// asks there, handed to it by the thread that reads the link's socket. Each
/// message carries how many jobs the app's main executor had started, for the rules that ask
/// whether app code ran after a moment. The console lines the main thread logs during a wake go
/// together (``ConsoleLineBatch``).
final class SocketSystemLink: SystemLink {
    private let channel: FrameChannel
    private let answers: AnswerSocket?
    private let executor: AppMainExecutor
    private let consoleLines: ConsoleLineBatch

    private struct Questions {
        var next = 1
        var waiting: [Int: (semaphore: DispatchSemaphore, answer: AppAnswer?)] = [:]
        var isClosed = false
    }

    private let questions = Mutex(Questions())

    /// The app's own loop on the device's clock, once the system was asked for its time.
    private enum LocalClock {
        case unknown
        case local(SystemLoop, LiveDriver)
        /// The device runs on script time, which only the system moves.
        case none
    }

    private let localClock = Mutex(LocalClock.unknown)

    /// - Parameters:
    ///   - answers: the socket the asking thread reads its answer from, where the system gave one.
    ///   - consoleLinger: how long a console line held for the end of a wake waits at most.
    init(
        channel: FrameChannel, answers: AnswerSocket?, executor: AppMainExecutor,
        consoleLinger: TimeInterval = ConsoleLineBatch.lingerLimit
    ) {
        self.channel = channel
        self.answers = answers
        self.executor = executor
        consoleLines = ConsoleLineBatch(linger: consoleLinger) { [channel, executor] lines in Self.send(nil, on: channel, from: executor, after: lines) }
    }

    func ask(_ call: AppCall) -> AppAnswer? {
        if let answers, answers.claim() {
            defer { answers.release() }
            return ask(call, answeredOn: answers)
        }
        let semaphore = DispatchSemaphore(value: 0)
        let id: Int? = questions.withLock { questions in
            guard !questions.isClosed else { return nil }
            defer { questions.next += 1 }
            questions.waiting[questions.next] = (semaphore, nil)
            return questions.next
        }
        guard let id else { return nil }
        send(.call(call, id: id, jobsStarted: executor.jobsStarted))
        semaphore.wait()
        return questions.withLock { $0.waiting.removeValue(forKey: id)?.answer }
    }

    /// Asks with the answer coming back on `answers`, read by this thread; it returns once the
    /// frames the system sent on the link before the answer have been handed on, as if the
    /// answer had come after them there.
    private func ask(_ call: AppCall, answeredOn answers: AnswerSocket) -> AppAnswer? {
        guard !questions.withLock({ $0.isClosed }) else { return nil }
        send(.question(call, jobsStarted: executor.jobsStarted))
        guard case .questionAnswered(let answer, let framesBefore)? = answers.receive(), channel.waitUntilRead(framesBefore) else {
            return nil
        }
        return answer
    }

    func tell(_ call: AppCall) {
        send(.call(call, id: nil, jobsStarted: executor.jobsStarted))
    }

    /// Holds `line` when the app's main thread logs it during a wake after another; the first
    /// line of a wake, and a line from any other thread, go at once (``ConsoleLineBatch``).
    func log(_ line: String) {
        if consoleLines.hold(line, duringWake: AppMainExecutor.draining === executor) { flushConsoleLines() }
    }

    /// A wake of the app's main thread ended: the console lines it held go.
    func wakeEnded() {
        consoleLines.endWake()
        flushConsoleLines()
    }

    /// Sends the console lines held, if any.
    private func flushConsoleLines() {
        send(nil)
    }

    /// Sends the console lines held, then `message`.
    private func send(_ message: AppProcessMessage?) {
        Self.send(message, on: channel, from: executor, after: consoleLines)
    }

    /// Sends on `channel` the console lines `lines` holds, as one call, then `message`.
    private static func send(
        _ message: AppProcessMessage?, on channel: FrameChannel, from executor: AppMainExecutor, after lines: ConsoleLineBatch
    ) {
        channel.send {
            var messages: [AppProcessMessage] = []
            if let held = lines.take() { messages.append(.call(.log(lines: held), id: nil, jobsStarted: executor.jobsStarted)) }
            if let message { messages.append(message) }
            return messages
        }
    }

    /// A loop of the app's process on the device's real-time clock, with a timer thread of its
    /// own (`app-timers`), made on first use: the system is asked its time once, and the
    /// continuous clock, which both processes share, carries it on. Nil on script time.
    var clockLoop: SystemLoop? {
        switch localClock.withLock({ $0 }) {
        case .local(let loop, _): return loop
        case .none: return nil
        case .unknown: break
        }
        let asked = ContinuousClock.now
        guard case .deviceClock(let nanoseconds, let isRealTime)? = ask(.deviceClock) else { return nil }
        // The system read its clock about halfway through the round trip.
        let made: LocalClock
        if isRealTime {
            let driver = LiveDriver()
            let loop = SystemLoop(
                clock: LiveClock(now: .nanoseconds(nanoseconds) + (ContinuousClock.now - asked) / 2),
                earliestChanged: driver.timerWakeUp)
            made = .local(loop, driver)
        } else {
            made = .none
        }
        // Threads that asked at once each made one: the first kept is the app's, and only its
        // driver starts (under the lock, so that no caller gets a loop nothing drives yet).
        let kept = localClock.withLock { current -> LocalClock in
            guard case .unknown = current else { return current }
            current = made
            if case .local(let loop, let driver) = made { driver.start(loop: loop, usage: nil, name: "app-timers") }
            return made
        }
        guard case .local(let loop, _) = kept else { return nil }
        return loop
    }

    /// The loop is this process's own, and its thread the app's.
    var runsClockJobsOnItsTimerThread: Bool { true }

    /// The system answered question `id`.
    func receive(_ answer: AppAnswer, for id: Int) {
        let semaphore = questions.withLock { questions -> DispatchSemaphore? in
            questions.waiting[id]?.answer = answer
            return questions.waiting[id]?.semaphore
        }
        semaphore?.signal()
    }

    /// The system has gone: every question waiting gets no answer.
    func close() {
        let semaphores = questions.withLock { questions in
            questions.isClosed = true
            return questions.waiting.values.map(\.semaphore)
        }
        for semaphore in semaphores { semaphore.signal() }
    }
}
