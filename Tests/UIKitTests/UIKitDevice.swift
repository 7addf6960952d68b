import BackgroundRuntimeTesting
import UIKit

/// A test device whose app is the delegate `make` returns, with an Info.plist declaring `modes`.
func makeDevice(
    iOS: Int = 17, modes: Set<BackgroundMode> = [.fetch, .remoteNotification],
    _ make: @escaping @MainActor @Sendable () -> any UIApplicationDelegate
) -> TestDevice {
    let infoPlist = InfoPlist(bundleName: "Spelled", bundleIdentifier: "com.example.spelled", backgroundModes: modes)
    return TestDevice(profile: PolicyProfile(iOS: iOS)!, infoPlist: infoPlist, delegate: make)
}
