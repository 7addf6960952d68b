import BackgroundWire
import Foundation
import Synchronization

/// The device's console: what Xcode's console pane shows for the app.
///
/// Lines carry the app's process name and pid and the device's wall-clock time. The console
/// keeps the latest ``capacity`` lines, echoes each line to an output (standard output for
/// the command line), and streams them to any number of followers — the web UI, the remote
/// console — each with a bounded buffer, so a slow follower loses old lines instead of
/// growing memory.
public final class Console: Sendable {
    /// How many recent lines the console keeps.
    public let capacity: Int
    /// The process name in each line.
    public let process: String
    /// The process identifier in each line.
    public let pid: Int32
    /// The device's wall-clock time now: the date each line carries.
    public let wallClock: @Sendable () -> Date
    private let writer: ConsoleWriter?

    private struct State {
        var recent: ConsoleHistory
        var followers: [Int: AsyncStream<ConsoleLine>.Continuation] = [:]
        var nextFollowerID = 1
    }

    private let state: Mutex<State>

    /// - Parameters:
    ///   - process: the process name in each line (the app's `CFBundleName`).
    ///   - pid: the process identifier in each line.
    ///   - capacity: how many recent lines are kept in memory.
    ///   - wallClock: the time of each line.
    ///   - output: receives each formatted line; nil keeps the console silent (tests).
    public init(
        process: String,
        pid: Int32 = ProcessInfo.processInfo.processIdentifier,
        capacity: Int = 10_000,
        wallClock: @escaping @Sendable () -> Date,
        output: (@Sendable (String) -> Void)?
    ) {
        self.process = process
        self.pid = pid
        self.capacity = capacity
        self.wallClock = wallClock
        self.state = Mutex(State(recent: ConsoleHistory(capacity: capacity)))
        self.writer = output.map { ConsoleWriter(output: $0) }
    }

    /// The wall-clock time the console stamps lines with now.
    public var now: Date { wallClock() }

    /// Writes `message` as one line.
    public func log(_ message: String) {
        let line = state.withLock { record(message, in: &$0) }
        writer?.write(line.formatted)
    }

    /// Writes each of `messages` as a line, in order, with no other line between them: the
    /// lines an app in its own process logged during one wake.
    public func log(lines messages: [String]) {
        let lines = state.withLock { state in messages.map { record($0, in: &state) } }
        writer?.write(lines: lines.map(\.formatted))
    }

    /// Keeps `message` as the next line and hands it to the followers.
    private func record(_ message: String, in state: inout State) -> ConsoleLine {
        let line = ConsoleLine(sequence: state.recent.nextSequence, date: wallClock(), process: process, pid: pid, message: message)
        state.recent.append(message, at: line.date)
        for follower in state.followers.values { follower.yield(line) }
        return line
    }

    /// The lines kept, oldest first.
    public var recentLines: [ConsoleLine] { lines(after: 0) }

    /// The lines kept whose sequence number is after `sequence`, oldest first: the newest
    /// `limit` of them, if there are more.
    public func lines(after sequence: Int, limit: Int = .max) -> [ConsoleLine] {
        state.withLock { $0.recent.lines(after: sequence, limit: limit, process: process, pid: pid) }
    }

    /// The messages of the lines kept, oldest first.
    public var recentMessages: [String] { recentLines.map(\.message) }

    /// Follows the console: first the kept lines after `sequence`, then each new line. A
    /// follower that falls more than `buffer` lines behind loses the oldest ones.
    public func follow(after sequence: Int = 0, buffer: Int = 1_000) -> AsyncStream<ConsoleLine> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ConsoleLine.self, bufferingPolicy: .bufferingNewest(buffer))
        let id = state.withLock { state in
            for line in state.recent.lines(after: sequence, limit: .max, process: process, pid: pid) { continuation.yield(line) }
            let id = state.nextFollowerID
            state.nextFollowerID += 1
            state.followers[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.followers.removeValue(forKey: id) }
        }
        return stream
    }

    /// How long a ``flush(stalledFor:)`` waits by default for an output that takes nothing.
    public static let stallLimit = Duration.seconds(2)

    /// Returns once every line logged so far has reached the output — or once the output has
    /// taken nothing for `limit` of real time: a reader that stopped reading (standard output
    /// piped into a pager nobody scrolls) loses what is left, and `quit` still ends the process.
    public func flush(stalledFor limit: Duration = stallLimit) async {
        await writer?.flush(stalledFor: limit)
    }

    /// Writes `text` to the output after the lines logged before it, through the same bounded
    /// writer, without making it a console line (no time, not kept, not followed): a command's
    /// answer, as `status`'s JSON, in order with the console, and a reader that stops reading
    /// stalls it no more than it stalls a line. A console without an output writes it to
    /// standard output itself.
    public func print(_ text: String) {
        if let writer {
            writer.write(text)
        } else {
            StandardOutput.write(line: text)
        }
    }

    /// Ends every follower's stream and stops writing to the output.
    public func finishFollowers() {
        writer?.stop()
        let followers = state.withLock { state in
            defer { state.followers.removeAll() }
            return Array(state.followers.values)
        }
        for follower in followers { follower.finish() }
    }
}

extension Console {
    /// An output that writes each line to standard output and flushes it.
    public static let standardOutput: @Sendable (String) -> Void = { line in
        StandardOutput.write(line: line)
    }
}
