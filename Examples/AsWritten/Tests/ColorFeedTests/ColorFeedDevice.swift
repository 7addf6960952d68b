import BackgroundRuntimeTesting
@testable import ColorFeed
import Foundation

/// The sample's task identifier.
let refresh = "com.example.apple-samplecode.ColorFeed.refresh"

/// A test device running the sample's app delegate, with `server`, under iOS 17's rules. Its
/// wall clock starts at the real time, so that the sample's `Date(timeIntervalSinceNow:)` means
/// what it says on the device.
func makeDevice(server: any Server = MockServer()) throws -> TestDevice {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let infoPlist = try InfoPlist(contentsOf: package.appendingPathComponent("ColorFeed-Info.plist").path)
    return TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: infoPlist, wallClockStart: Date()) { _ in
        let delegate = AppDelegate()
        delegate.server = server
        return delegate
    }
}

extension TestDevice {
    /// Runs the app's jobs as they come until `line` is on the console, for at most 10 s of real
    /// time: the sample's operation runs on a thread of its own queue, and completes the task
    /// from there. Returns whether the line came.
    func runUntilConsoleShows(_ line: String) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while consoleLines(containing: line).isEmpty {
            guard ContinuousClock.now < deadline else { return false }
            runUntilIdle()
            Thread.sleep(forTimeInterval: 0.001)
        }
        return true
    }
}
