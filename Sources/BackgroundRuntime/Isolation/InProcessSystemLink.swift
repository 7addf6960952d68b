import Synchronization

/// The link of an app whose code runs in the system's process (`--isolation thread`): each
/// call is answered on the calling thread — the app's main executor — by the device, as a
/// call from the app's own process is answered on the socket's reader.
final class InProcessSystemLink: SystemLink {
    private let device = Mutex<WeakDevice>(WeakDevice())

    /// Answers the calls from now on with `device`.
    func connect(to device: Device) {
        self.device.withLock { $0.device = device }
    }

    func ask(_ call: AppCall) -> AppAnswer? {
        device.withLock { $0.device }?.answer(call)
    }

    func tell(_ call: AppCall) {
        _ = ask(call)
    }
}
