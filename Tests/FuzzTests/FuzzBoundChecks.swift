import Synchronization

/// Which inputs of a ``Fuzz/run(_:body:)`` had their output checked against their size
/// (``Fuzz/expectBounded(_:byInput:times:plus:_:sourceLocation:)``): the run's own, found by
/// the checks through a task-local value.
final class FuzzBoundChecks: Sendable {
    private let state = Mutex<(current: Int, checked: Set<Int>)>((-1, []))

    /// The number of the input the run's body is given now.
    func begin(_ number: Int) {
        state.withLock { $0.current = number }
    }

    /// The input given now had its output checked.
    func check() {
        state.withLock { state in _ = state.checked.insert(state.current) }
    }

    /// How many inputs had their output checked.
    var checkedCount: Int { state.withLock { $0.checked.count } }
}
