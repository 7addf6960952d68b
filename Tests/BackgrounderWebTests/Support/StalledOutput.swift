import Dispatch
import Synchronization

/// A console output whose reader stopped reading: its first write never returns until the
/// test releases it, as stdout piped into a pager nobody scrolls.
final class StalledOutput: Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let writes = Atomic<Int>(0)

    /// The output to give the console.
    var write: @Sendable (String) -> Void {
        { [self] _ in
            writes.add(1, ordering: .relaxed)
            gate.wait()
        }
    }

    /// How many writes began.
    var writesBegun: Int { writes.load(ordering: .relaxed) }

    /// Lets the stuck writes (and any later ones) through.
    func release() {
        for _ in 0..<100_000 { gate.signal() }
    }
}
