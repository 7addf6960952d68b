import Synchronization

/// The console's output while a run's listeners start, held so that the `Web UI:` line comes
/// first in the terminal, as the README's quick start shows it. The device logs its boot lines
/// (`Isolation: …`) as it is made, and the web UI can only start after it, since it serves the
/// device; so the lines wait here, and ``release(first:)`` writes them with that line first
/// (its time is a few milliseconds later than theirs) and lets the next ones through.
final class HeldConsoleOutput: Sendable {
    private enum State {
        /// Before ``release(first:)``: the lines so far.
        case holding([String])
        /// While ``release(first:)`` writes: the lines that came meanwhile.
        case draining([String])
        /// Every line goes through.
        case open
    }

    private let output: @Sendable (String) -> Void
    private let state = Mutex(State.holding([]))

    /// Holds the lines meant for `output`.
    init(_ output: @escaping @Sendable (String) -> Void) {
        self.output = output
    }

    /// Writes `line`, or keeps it until ``release(first:)`` writes it.
    func write(_ line: String) {
        let kept = state.withLock { state in
            switch state {
            case .holding(let lines):
                state = .holding(lines + [line])
            case .draining(let lines):
                state = .draining(lines + [line])
            case .open:
                return false
            }
            return true
        }
        if !kept { output(line) }
    }

    /// Writes the lines held, `first` (one of them, as formatted) before the others, and from
    /// then on every line as it comes; a second call does nothing. The writing is outside the
    /// lock: a line that comes meanwhile is written after them.
    func release(first: String? = nil) {
        let held = state.withLock { state -> [String]? in
            guard case .holding(let lines) = state else { return nil }
            state = .draining([])
            return lines
        }
        guard var next = held else { return }
        if let first, let index = next.firstIndex(of: first) { next.insert(next.remove(at: index), at: 0) }
        repeat {
            next.forEach(output)
            next = state.withLock { state in
                guard case .draining(let more) = state else { return [] }
                state = more.isEmpty ? .open : .draining([])
                return more
            }
        } while !next.isEmpty
    }
}
