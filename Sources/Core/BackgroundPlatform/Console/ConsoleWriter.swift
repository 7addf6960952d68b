import BackgroundWire
import DequeModule
import Foundation
import Synchronization

/// Writes console lines to an output (standard output, say) on a thread of its own, so that a
/// reader that stops reading — stdout piped into a pager nobody scrolls — stalls only this
/// thread, never the system that logs.
///
/// It keeps at most ``capacity`` lines waiting. When the output stalls and more come, the
/// oldest waiting lines are dropped, and once the output moves again a line says how many:
/// memory stays bounded whatever the reader does. A ``flush(stalledFor:)`` gives up on an
/// output that stopped moving, so that a reader that stopped reading cannot keep the process
/// from ending either.
final class ConsoleWriter: Sendable {
    /// How many lines wait for the output at most.
    let capacity: Int
    /// How many waiting lines standard output takes in one write at most.
    static let linesAWrite = 256
    private let output: @Sendable (String) -> Void

    private struct State {
        var waiting: Deque<String> = []
        var dropped = 0
        var isWriting = false
        var isStopped = false
        /// Whether the thread waits for a line: only then does a line wake it (a wake-up is
        /// a system call; lines that come while it writes are taken in its next round).
        var isSleeping = false
        /// How many lines have reached the output: what a flush watches for progress.
        var written = 0
    }

    private let state = Mutex(State())
    private let lineArrived = DispatchSemaphore(value: 0)
    /// Who waits for the waiting lines to be written, by a number of their own.
    private let drained = Mutex<(next: Int, waiters: [Int: CheckedContinuation<Void, Never>])>((0, [:]))

    init(capacity: Int = 10_000, output: @escaping @Sendable (String) -> Void) {
        self.capacity = capacity
        self.output = output
        Thread { [self] in
            ThreadName.set("console-writer")
            run()
        }.start()
    }

    /// Queues `line`; never waits.
    func write(_ line: String) {
        write(lines: CollectionOfOne(line))
    }

    /// Queues `lines`, in order; never waits.
    func write(lines: some Collection<String>) {
        let wakesTheThread = state.withLock { state in
            for line in lines {
                if state.waiting.count == capacity {
                    state.waiting.removeFirst()
                    state.dropped += 1
                }
                state.waiting.append(line)
            }
            defer { state.isSleeping = false }
            return state.isSleeping
        }
        if wakesTheThread { lineArrived.signal() }
    }

    /// Returns once every line queued so far was written (or dropped) — or once the output has
    /// taken no line for `limit` of real time: it is stalled (a pipe nobody reads), and waiting
    /// longer would wait for ever. Real time, not the device's: it bounds a wait on a real file.
    func flush(stalledFor limit: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (idle, written) = state.withLock { ($0.waiting.isEmpty && !$0.isWriting, $0.written) }
            if idle {
                continuation.resume()
            } else {
                let id = drained.withLock { drained in
                    defer { drained.next += 1 }
                    drained.waiters[drained.next] = continuation
                    return drained.next
                }
                lineArrived.signal()
                giveUp(on: id, unless: written, after: limit)
            }
        }
    }

    /// Resumes flush `id` after `limit` if no line has reached the output since `written` lines
    /// had; else looks again `limit` later. Nothing if the flush was answered meanwhile.
    private func giveUp(on id: Int, unless written: Int, after limit: Duration) {
        Task { [self] in
            try? await Task.sleep(for: limit)
            let now = state.withLock { $0.written }
            guard now == written else { return giveUp(on: id, unless: now, after: limit) }
            drained.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// Ends the thread once the waiting lines are written.
    func stop() {
        state.withLock { $0.isStopped = true }
        lineArrived.signal()
    }

    private func run() {
        while true {
            let next = state.withLock { state -> (lines: [String], dropped: Int, stop: Bool) in
                defer {
                    state.waiting.removeAll()
                    state.dropped = 0
                }
                state.isWriting = !state.waiting.isEmpty
                return (Array(state.waiting), state.dropped, state.isStopped && state.waiting.isEmpty)
            }
            if next.dropped > 0 { output("… \(next.dropped) console line(s) dropped: the output did not keep up") }
            // Standard output takes the lines that were waiting a few hundred a write, not one.
            for start in stride(from: 0, to: next.lines.count, by: Self.linesAWrite) {
                let lines = next.lines[start..<min(start + Self.linesAWrite, next.lines.count)]
                StandardOutput.collecting {
                    for line in lines {
                        output(line)
                        state.withLock { $0.written += 1 }
                    }
                }
            }
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.isWriting = false
                guard state.waiting.isEmpty else { return [] }
                return drained.withLock { drained in
                    defer { drained.waiters.removeAll() }
                    return Array(drained.waiters.values)
                }
            }
            for waiter in waiters { waiter.resume() }
            if next.stop { return }
            guard next.lines.isEmpty else { continue }
            let sleeps = state.withLock { state in
                state.isSleeping = state.waiting.isEmpty && !state.isStopped
                return state.isSleeping
            }
            if sleeps { lineArrived.wait() }
        }
    }
}
