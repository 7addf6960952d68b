import BackgroundRuntimeTesting

/// A test device of iOS `version` whose app, declaring `modes`, is the delegate `make` returns.
func makeSpelledDevice(
    iOS version: Int = 17, modes: Set<BackgroundMode> = [],
    _ make: @escaping @AppMain @Sendable () -> any ApplicationDelegate
) -> TestDevice {
    let infoPlist = InfoPlist(bundleName: "Spelled", bundleIdentifier: "com.example.spelled", backgroundModes: modes)
    return TestDevice(profile: PolicyProfile(iOS: version)!, infoPlist: infoPlist) { _ in make() }
}
