import BackgroundWire

/// What the app's own process tells the system (`--isolation process`); the link to it is made by
/// `DeviceSetup.makeLink(executor:)`.
extension Device {
    /// Whether the app's code runs in a process of its own (`--isolation process`), which a
    /// service hands descriptors to (``ServiceHost/wake(for:timeLimit:sending:on:passing:)``).
    public var appRunsInOwnProcess: Bool {
        link is ProcessAppLink
    }

    /// The kernel ended the app's process `appPID` for going over its memory limit of `limit` bytes.
    func memoryLimitExceeded(appPID: Int32, limit: Int, ofLaunch launch: Int) {
        handle { $0.memoryLimitExceeded(limit: limit, appPID: appPID, launchNumber: launch, at: $1) }
    }
}
