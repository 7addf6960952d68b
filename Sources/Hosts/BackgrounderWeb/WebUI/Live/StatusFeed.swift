import BackgroundRuntime
import Synchronization

/// Tells the web UI's clients what changed on the device: each state change at once, and the
/// whole status after something it shows changed, at most once per ``interval``.
///
/// It pushes on change: the device tells it (``DeviceObservers/observeChanges(_:)``) when the app's
/// state, an assertion, an activity, a diagnostic, an alert, a screen's snapshot or a fact
/// changed, and a timer of the device's loop (so tests drive it with
/// ``TestDevice/advance(by:)``) gathers the changes of one interval into one message. Nothing
/// is sent while nothing happens; the clock's own progress (uptime, time remaining) is not a
/// change.
final class StatusFeed: Sendable {
    /// The least time between two status messages.
    let interval: Duration
    private let device: Device
    private let observers: Mutex<(state: Int, changes: Int)?> = Mutex(nil)

    private struct State {
        var subscribers: [Int: AsyncStream<FeedEvent>.Continuation] = [:]
        var nextID = 1
        /// The timer that sends the changes gathered so far.
        var timer: SystemTimer?
        var isStopped = false
    }

    private let state = Mutex(State())

    init(device: Device, interval: Duration = .milliseconds(100)) {
        self.device = device
        self.interval = interval
        let stateObserver = device.observers.observeStateChanges { [weak self] change in
            self?.broadcast(.state(change))
        }
        let changeObserver = device.observers.observeChanges { [weak self] in self?.changed() }
        observers.withLock { $0 = (stateObserver, changeObserver) }
    }

    /// Events from now on, starting with the current status. A subscriber that falls more than
    /// `buffer` events behind loses the oldest.
    func subscribe(buffer: Int = 256) -> AsyncStream<FeedEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: FeedEvent.self, bufferingPolicy: .bufferingNewest(buffer))
        let id = state.withLock { state -> Int? in
            guard !state.isStopped else { return nil }
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        // Read after subscribing: a change from here on is pushed too, none falls in between.
        continuation.yield(.status(device.statusJSON()))
        return stream
    }

    /// How many clients are subscribed.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Ends every subscription.
    func stop() {
        if let (stateObserver, changeObserver) = observers.withLock({ $0 }) {
            device.observers.removeStateObserver(stateObserver)
            device.observers.removeChangeObserver(changeObserver)
        }
        let (subscribers, timer) = state.withLock { state in
            state.isStopped = true
            defer {
                state.subscribers.removeAll()
                state.timer = nil
            }
            return (Array(state.subscribers.values), state.timer)
        }
        device.loop.cancel(timer)
        for subscriber in subscribers { subscriber.finish() }
    }

    private func broadcast(_ event: FeedEvent) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(event) }
    }

    /// Something `status` shows changed: the status goes out at the end of this interval. The
    /// timer is set under the feed's lock (a memory operation on the loop), so that a send and a
    /// change never race over it.
    private func changed() {
        state.withLock { state in
            guard !state.isStopped, !state.subscribers.isEmpty, state.timer == nil else { return }
            state.timer = device.loop.schedule(after: interval) { [weak self] in self?.send() }
        }
    }

    private func send() {
        let subscribers = state.withLock { state in
            state.timer = nil
            return Array(state.subscribers.values)
        }
        guard !subscribers.isEmpty else { return }
        let json = device.statusJSON()
        for subscriber in subscribers { subscriber.yield(.status(json)) }
    }
}
