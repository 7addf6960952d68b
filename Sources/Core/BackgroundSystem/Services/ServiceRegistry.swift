import BackgroundWire
import Synchronization

/// The services of a device, by name: the system's side of the services' channels, as iOS's
/// daemons answer an app's frameworks. Each service registers its answerer once, when it starts
/// (`ServiceHost`); the device asks the registry at each call, and keeps here each channel's
/// credit (how many events its client has to take in).
public final class ServiceRegistry: Sendable {
    private struct Channels {
        var answerers: [String: @Sendable (ServicePayload) -> ServicePayload?] = [:]
        /// Events sent and not yet taken in, by channel.
        var inFlight: [String: Int] = [:]
        var resumers: [String: @Sendable () -> Void] = [:]
    }

    private let channels = Mutex(Channels())

    package init() {}

    /// Answers the app's calls to service `service` with `answer`, on the thread of the app's
    /// call (``ServiceHost/answerCalls(with:)``). A second registration for `service` replaces
    /// the first.
    package func answerCalls(toService service: String, with answer: @escaping @Sendable (ServicePayload) -> ServicePayload?) {
        channels.withLock { $0.answerers[service] = answer }
    }

    /// The answer of the service `message` is for; nil when no service of that name answers.
    package func answer(_ message: ServiceMessage) -> ServicePayload? {
        let answer = channels.withLock { $0.answerers[message.service] }
        return answer?(message.payload)
    }

    /// Counts one more event in flight on `channel`, whatever the window.
    package func countEvent(on channel: String) {
        channels.withLock { $0.inFlight[channel, default: 0] += 1 }
    }

    /// Counts one more event in flight on `channel`; false when its client has `window` events
    /// to take in already.
    package func takeCredit(on channel: String, window: Int) -> Bool {
        channels.withLock { channels in
            let inFlight = channels.inFlight[channel, default: 0]
            guard inFlight < window else { return false }
            channels.inFlight[channel] = inFlight + 1
            return true
        }
    }

    /// The client of `channel` took in `count` events: the service may send that many more.
    package func returnCredit(on channel: String, count: Int) {
        let resume = channels.withLock { channels -> (@Sendable () -> Void)? in
            if let inFlight = channels.inFlight[channel] { channels.inFlight[channel] = max(0, inFlight - count) }
            return channels.resumers[channel]
        }
        resume?()
    }

    /// Calls `resume` each time the client of `channel` took events in (``returnCredit(on:count:)``)
    /// or the launch ended.
    package func whenCreditReturns(on channel: String, _ resume: @escaping @Sendable () -> Void) {
        channels.withLock { $0.resumers[channel] = resume }
    }

    /// The client of `channel` is gone for good: its count and its resumer go with it.
    package func forget(channel: String) {
        channels.withLock { channels in
            channels.inFlight[channel] = nil
            channels.resumers[channel] = nil
        }
    }

    /// The launch ended: whatever was in flight went with it, and every channel has its whole
    /// window again.
    package func launchEnded() {
        let resumers = channels.withLock { channels in
            channels.inFlight.removeAll()
            return Array(channels.resumers.values)
        }
        for resume in resumers { resume() }
    }
}
