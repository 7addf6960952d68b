import BackgroundRuntime
import Synchronization

/// Tells the web UI's clients what changed on the device: each state change at once, and the
/// whole status whenever it differs from the last one sent, at most once per ``interval``.
///
/// The feed samples the status on a timer of the device's loop while it has subscribers (so
/// manual tests drive it with `device.advance(by:)`), and compares a ``StatusFingerprint``:
/// nothing is sent while nothing happens, and nothing is sampled without subscribers.
final class StatusFeed: Sendable {
    /// The least time between two status messages.
    let interval: Duration
    private let device: Device
    private let observer: Mutex<Int?> = Mutex(nil)

    private struct State {
        var subscribers: [Int: AsyncStream<FeedEvent>.Continuation] = [:]
        var nextID = 1
        var lastSent: StatusFingerprint?
        var timer: SystemTimer?
        var isSampling = false
        var isStopped = false
    }

    private let state = Mutex(State())

    init(device: Device, interval: Duration = .milliseconds(100)) {
        self.device = device
        self.interval = interval
        let id = device.observeStateChanges { [weak self] change in
            self?.broadcast(.state(change))
        }
        observer.withLock { $0 = id }
    }

    /// Events from now on, starting with the current status. A subscriber that falls more than
    /// `buffer` events behind loses the oldest.
    func subscribe(buffer: Int = 256) -> AsyncStream<FeedEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: FeedEvent.self, bufferingPolicy: .bufferingNewest(buffer))
        let fingerprint = StatusFingerprint(device.status())
        continuation.yield(.status(device.statusJSON()))
        let (id, startTimer) = state.withLock { state -> (Int?, Bool) in
            guard !state.isStopped else { return (nil, false) }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = continuation
            if state.subscribers.count == 1 { state.lastSent = fingerprint }
            defer { state.isSampling = true }
            return (id, !state.isSampling)
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        if startTimer { scheduleSample() }
        return stream
    }

    /// How many clients are subscribed.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Ends every subscription and stops sampling.
    func stop() {
        if let id = observer.withLock({ $0 }) { device.removeStateObserver(id) }
        let subscribers = state.withLock { state in
            state.isStopped = true
            device.loop.cancel(state.timer)
            state.timer = nil
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }

    private func broadcast(_ event: FeedEvent) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(event) }
    }

    private func scheduleSample() {
        let timer = device.loop.schedule(after: interval) { [weak self] in self?.sample() }
        state.withLock { state in
            if state.isStopped { device.loop.cancel(timer) } else { state.timer = timer }
        }
    }

    /// Sends the status if it changed, and samples again while anyone listens.
    private func sample() {
        let fingerprint = StatusFingerprint(device.status())
        let (subscribers, changed) = state.withLock { state in
            state.timer = nil
            guard !state.isStopped, !state.subscribers.isEmpty else {
                state.isSampling = false
                return ([AsyncStream<FeedEvent>.Continuation](), false)
            }
            defer { state.lastSent = fingerprint }
            return (Array(state.subscribers.values), state.lastSent != fingerprint)
        }
        guard !subscribers.isEmpty else { return }
        if changed {
            let json = device.statusJSON()
            for subscriber in subscribers { subscriber.yield(.status(json)) }
        }
        scheduleSample()
    }
}
