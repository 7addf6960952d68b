import BackgroundWire
import HeapModule

/// The pending timers of a ``SystemLoop``, earliest first; equal deadlines keep their order.
///
/// A timer is armed for one deadline at a time. A one-shot timer's job goes once it fires; a
/// kept timer's job stays, unarmed, until ``rearm(_:at:)`` arms it again or it is cancelled, so
/// that a job that runs again and again is stored once.
struct TimerQueue {
    private struct Entry: Comparable {
        let deadline: Duration
        let order: Int
        let id: Int

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.deadline, lhs.order) < (rhs.deadline, rhs.order)
        }
    }

    private struct Job {
        let run: @Sendable () -> Void
        let isKept: Bool
    }

    private var heap = Heap<Entry>()
    private var jobs: [Int: Job] = [:]
    /// The deadline each armed timer is armed for: a heap entry for any other deadline is stale.
    private var armed: [Int: Duration] = [:]
    private var nextID = 1
    private var nextOrder = 1

    /// The number of timers still to fire.
    var count: Int { armed.count }

    /// Arms a new timer; a kept one keeps its job after it fires.
    mutating func insert(at deadline: Duration, isKept: Bool = false, _ job: @escaping @Sendable () -> Void) -> Int {
        let id = nextID
        nextID += 1
        jobs[id] = Job(run: job, isKept: isKept)
        arm(id, at: deadline)
        return id
    }

    /// Arms kept timer `id` again, for `deadline` only; nothing for a timer that is gone.
    mutating func rearm(_ id: Int, at deadline: Duration) {
        guard jobs[id] != nil else { return }
        arm(id, at: deadline)
        dropStaleHead()
    }

    mutating func cancel(_ id: Int) {
        jobs[id] = nil
        armed[id] = nil
        dropStaleHead()
    }

    /// The deadline of the earliest armed timer.
    var nextDeadline: Duration? { heap.min?.deadline }

    /// Removes and returns the earliest timer if it is due at `now`.
    mutating func popDue(at now: Duration) -> (deadline: Duration, job: @Sendable () -> Void)? {
        guard let head = heap.min, head.deadline <= now else { return nil }
        heap.removeMin()
        armed[head.id] = nil
        let job = jobs[head.id]
        if job?.isKept == false { jobs[head.id] = nil }
        dropStaleHead()
        return job.map { (head.deadline, $0.run) }
    }

    private mutating func arm(_ id: Int, at deadline: Duration) {
        armed[id] = deadline
        heap.insert(Entry(deadline: deadline, order: nextOrder, id: id))
        nextOrder += 1
    }

    private mutating func dropStaleHead() {
        while let head = heap.min, armed[head.id] != head.deadline { heap.removeMin() }
    }
}
