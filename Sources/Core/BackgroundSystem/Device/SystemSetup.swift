import BackgroundWire
import Foundation

/// What the system side of a device is made of: everything in a `DeviceSetup` but the app.
public struct SystemSetup: Sendable {
    public var profile: PolicyProfile
    public var infoPlist: InfoPlist
    /// Where console lines go besides the console's memory; nil keeps them there.
    public var consoleOutput: (@Sendable (String) -> Void)?
    /// Where the system keeps what outlives its process; nil keeps it in memory only.
    public var storageDirectory: URL?
    /// Where notifications also go, when there is a desktop.
    public var desktopNotifications: (any DesktopNotifier)?
    /// Whether a debugger is attached to the app, as when it runs from Xcode: it is never
    /// suspended and no watchdog terminates it.
    public var debuggerAttached = false
    /// Which time a live ``Device`` runs on: real time, or script time (``ClockMode/virtual``).
    /// A test device always runs on time the test moves.
    public var clock = ClockMode.real
    /// How to start the app's own process, for `--isolation process`; nil runs the app's code
    /// in this process (`--isolation thread`). Only a live ``Device`` starts one.
    public var appProcess: AppProcessConfiguration?
    /// Makes the app's Notification Service Extension, one for each push it changes; nil: the
    /// app has none.
    public var notificationServiceExtension: (@Sendable () -> any NotificationServiceExtension)?

    public init(
        profile: PolicyProfile = .default,
        infoPlist: InfoPlist,
        consoleOutput: (@Sendable (String) -> Void)? = nil,
        storageDirectory: URL? = nil,
        desktopNotifications: (any DesktopNotifier)? = nil
    ) {
        self.profile = profile
        self.infoPlist = infoPlist
        self.consoleOutput = consoleOutput
        self.storageDirectory = storageDirectory
        self.desktopNotifications = desktopNotifications
    }
}
