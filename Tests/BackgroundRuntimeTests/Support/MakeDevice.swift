import BackgroundRuntime

/// A test device whose app records its lifecycle in `log`.
func makeDevice(
    iOS version: Int = 10,
    modes: Set<BackgroundMode> = [],
    log: AppLog = AppLog(),
    desktop: (any DesktopNotifier)? = nil,
    makeDelegate: @escaping @AppMain @Sendable (Application, AppLog) -> any ApplicationDelegate = { RecordingDelegate(log: $1) }
) -> TestDevice {
    TestDevice(
        profile: PolicyProfile(iOS: version)!,
        infoPlist: InfoPlist(backgroundModes: modes),
        desktopNotifications: desktop
    ) { application in makeDelegate(application, log) }
}

extension TestDevice {
    /// The console's messages that start with "State:", in order.
    var stateLines: [String] {
        console.recentMessages.filter { $0.hasPrefix("State:") }
    }
}
