import BackgroundRuntimeTesting
@testable import BackgroundIdioms
import Foundation

/// A test device running the idioms' app delegate under iOS 17's rules (about 30 s of
/// background time), its wall clock at the real time so that `Date(timeIntervalSinceNow:)` means
/// what it says on the device.
func makeIdiomsDevice() throws -> TestDevice {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let infoPlist = try InfoPlist(contentsOf: package.appendingPathComponent("BackgroundIdioms-Info.plist").path)
    return TestDevice(profile: PolicyProfile(iOS: 17)!, infoPlist: infoPlist, wallClockStart: Date()) { AppDelegate() }
}
