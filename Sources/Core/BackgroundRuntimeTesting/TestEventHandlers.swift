import BackgroundRuntime
import Synchronization

/// The closures tests handed the app as events (``TestEvents``), by number, until the app runs
/// them. One table for the process: the numbers never repeat, so the devices of tests that run
/// in parallel share it safely. A closure whose event never reaches the app (its launch ended
/// first) stays here, unrun: freeing it off the app's executor could run an app object's
/// isolated deinit where no app runs.
final class TestEventHandlers: Sendable {
    typealias Handler = @AppMain @Sendable (Application) -> Void

    static let shared = TestEventHandlers()

    private let kept = Mutex<(next: Int, handlers: [Int: Handler])>((1, [:]))

    /// Keeps `handler` and returns its number.
    func keep(_ handler: @escaping Handler) -> Int {
        kept.withLock { kept in
            defer { kept.next += 1 }
            kept.handlers[kept.next] = handler
            return kept.next
        }
    }

    /// The handler numbered `id`, forgotten here; nil if it was taken already.
    func take(_ id: Int) -> Handler? {
        kept.withLock { $0.handlers.removeValue(forKey: id) }
    }

    /// Has the app's side of ``TestEvents`` on `device` run each event's closure, from the app's
    /// next job on: the job queued on the app's executor runs before the event's delivery. It is
    /// the helpers' bookkeeping, not the app's code: the rules that count the app's jobs do not
    /// count it.
    func listen(on device: Device) {
        (device.link as? ThreadAppLink)?.executor.post(isAppCode: false) { [self] in
            guard let application = Application.current else { return }
            ServiceClient<TestEvents>(application: application).receive { [weak application] id in
                guard let application else { return }
                self.take(id)?(application)
            }
        }
    }
}
