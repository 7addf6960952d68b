import BackgroundWire

/// The deliveries of one lifecycle event as an async sequence, for `for await` loops in the
/// app's code.
///
/// Its iterator waits on the app's main executor, so a delivery resumes the loop right after
/// the event's other observers, in the same order every time — also on a manual device.
/// Deliveries that arrive while the loop body runs are buffered (the latest ``bufferLimit``).
/// The observer goes away when the iterator does, or when its task is cancelled.
public struct LifecycleNotifications: AsyncSequence, Sendable {
    public typealias Element = LifecycleEvent

    /// How many undelivered events an iterator keeps.
    public static let bufferLimit = 16

    let event: LifecycleEvent
    weak var application: Application?

    public func makeAsyncIterator() -> Iterator {
        Iterator(event: event, application: application)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let event: LifecycleEvent
        weak var application: Application?
        var inbox: LifecycleInbox?

        /// The next delivery; the observer is added at the first call.
        @AppMain
        public mutating func next() async -> LifecycleEvent? {
            if inbox == nil, let application {
                inbox = LifecycleInbox(event: event, application: application)
            }
            return await inbox?.next()
        }
    }
}

/// The waiting end of a ``LifecycleNotifications`` iterator.
@AppMain
final class LifecycleInbox {
    private var buffered: [LifecycleEvent] = []
    private var waiting: CheckedContinuation<LifecycleEvent?, Never>?
    private var isFinished = false

    private weak var application: Application?
    private var token: LifecycleObserverToken?
    private let executor: AppMainExecutor?

    init(event: LifecycleEvent, application: Application) {
        self.application = application
        executor = application.system?.executor
        token = application.addObserver(for: event) { [weak self] in self?.receive(event) }
    }

    isolated deinit {
        if let token { application?.removeObserver(token) }
    }

    func next() async -> LifecycleEvent? {
        if !buffered.isEmpty { return buffered.removeFirst() }
        guard !isFinished, !Task.isCancelled else { return nil }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { waiting = $0 }
        } onCancel: { [executor] in
            // Cancellation comes from any thread: the finish is started on this app's executor.
            guard let executor else { return }
            AppMainExecutor.$current.withValue(executor) {
                _ = Task(executorPreference: executor) { @AppMain in self.finish() }
            }
        }
    }

    private func receive(_ event: LifecycleEvent) {
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: event)
        } else if buffered.count < LifecycleNotifications.bufferLimit {
            buffered.append(event)
        } else {
            buffered.removeFirst()
            buffered.append(event)
        }
    }

    private func finish() {
        isFinished = true
        waiting?.resume(returning: nil)
        waiting = nil
    }
}
