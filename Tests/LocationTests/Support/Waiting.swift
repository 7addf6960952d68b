import BackgroundRuntime
import Foundation

/// Waits up to `timeout` for `condition`, running the manual device's queued app jobs between
/// looks; returns whether it came true.
@discardableResult
func wait(upTo timeout: TimeInterval = 20, on device: TestDevice? = nil, for condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        device?.advance(by: .zero)
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    device?.advance(by: .zero)
    return condition()
}
