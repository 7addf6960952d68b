/// What the app's own process tells the system (`--isolation process`); the link to it is made by
/// `DeviceSetup.makeLink(executor:)`.
extension Device {
    /// The kernel ended the app's process `appPID` for going over its memory limit of `limit` bytes.
    func memoryLimitExceeded(appPID: Int32, limit: Int, ofLaunch launch: Int) {
        handle { $0.memoryLimitExceeded(limit: limit, appPID: appPID, launchNumber: launch, at: $1) }
    }
}
