import BackgroundWire
import HeapModule

/// The pending timers of a ``SystemLoop``, earliest first; equal deadlines keep their order.
struct TimerQueue {
    private struct Entry: Comparable {
        let deadline: Duration
        let id: Int

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id)
        }
    }

    private var heap = Heap<Entry>()
    private var jobs: [Int: @Sendable () -> Void] = [:]
    private var nextID = 1

    /// The number of timers still to fire.
    var count: Int { jobs.count }

    mutating func insert(at deadline: Duration, _ job: @escaping @Sendable () -> Void) -> Int {
        let id = nextID
        nextID += 1
        heap.insert(Entry(deadline: deadline, id: id))
        jobs[id] = job
        return id
    }

    mutating func cancel(_ id: Int) {
        jobs[id] = nil
        dropCancelledHead()
    }

    /// The deadline of the earliest live timer.
    var nextDeadline: Duration? { heap.min?.deadline }

    /// Removes and returns the earliest timer if it is due at `now`.
    mutating func popDue(at now: Duration) -> (deadline: Duration, job: @Sendable () -> Void)? {
        guard let head = heap.min, head.deadline <= now else { return nil }
        heap.removeMin()
        let job = jobs.removeValue(forKey: head.id)
        dropCancelledHead()
        guard let job else { return nil }
        return (head.deadline, job)
    }

    private mutating func dropCancelledHead() {
        while let head = heap.min, jobs[head.id] == nil { heap.removeMin() }
    }
}
