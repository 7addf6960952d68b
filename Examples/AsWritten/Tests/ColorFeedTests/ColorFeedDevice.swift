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
    return TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: infoPlist, wallClockStart: Date()) {
        let delegate = AppDelegate()
        delegate.server = server
        return delegate
    }
}
