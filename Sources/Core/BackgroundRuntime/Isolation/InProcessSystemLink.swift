import BackgroundApp
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Synchronization

/// The link of an app whose code runs in the system's process (`--isolation thread`): each
/// call is answered on the calling thread — the app's main executor — by the device, as a
/// call from the app's own process is answered on the socket's reader. With a coding link
/// (``WireRoundTrip``) each call and answer crosses as it would between two processes.
final class InProcessSystemLink: SystemLink {
    private let device = Mutex<WeakDevice>(WeakDevice())
    private let wire: WireRoundTrip?

    init(wire: WireRoundTrip?) {
        self.wire = wire
    }

    /// Answers the calls from now on with `device`.
    func connect(to device: Device) {
        self.device.withLock { $0.device = device }
    }

    func ask(_ call: AppCall) -> AppAnswer? {
        guard let wire else { return device.withLock { $0.device }?.answer(call) }
        let crossed = wire.cross(call)
        // A screen's snapshot crosses too (it must encode), but the board keeps the value as
        // published: a test reads it typed, and most snapshots are Encodable only.
        let received = if case .publish = call { call } else { crossed }
        return device.withLock { $0.device }?.answer(received).map(wire.cross)
    }

    func tell(_ call: AppCall) {
        _ = ask(call)
    }

    func log(_ line: String) {
        tell(.log(lines: [line]))
    }

    /// The device's own loop: the app shares the system's process.
    var clockLoop: SystemLoop? { device.withLock { $0.device }?.loop }

    /// The device's loop is the system's: its timer thread must never wait for the app.
    var runsClockJobsOnItsTimerThread: Bool { false }
}
