import BackgroundWire

/// Where the app's Notification Service Extension runs: in a process of its own where the app
/// has one and says how to start it (``AppProcessConfiguration/serviceExtensionArguments``), as
/// on iOS; else in the system's process.
extension SystemSetup {
    /// The host of the app's extension; nil when the app has none.
    var serviceExtensionHost: (any ServiceExtensionHost)? {
        guard let make = notificationServiceExtension else { return nil }
        guard let appProcess, let arguments = appProcess.serviceExtensionArguments else {
            return InSystemServiceExtensionHost(make: make)
        }
        return OwnProcessServiceExtensionHost(executable: appProcess.executable, arguments: arguments)
    }
}
