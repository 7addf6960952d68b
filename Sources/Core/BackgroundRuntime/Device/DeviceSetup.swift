import BackgroundApp
import BackgroundSystem
import BackgroundWire
import Foundation

/// What a device is made of, for code that makes one without knowing which kind: a
/// `Device` on real time, or a ``TestDevice``. The system's part is a `SystemSetup`, whose
/// settings read and write here as the setup's own (`setup.appProcess = …`).
@dynamicMemberLookup
public struct DeviceSetup: Sendable {
    /// Everything the system side is made of.
    public var system: SystemSetup
    /// Makes the app's delegate at each launch; nil when the app is a binary of its own
    /// (`AppEntry`), which then runs only in its own process (`SystemSetup.appProcess`).
    public var app: (@AppMain @Sendable (Application) -> any ApplicationDelegate)?

    public init(
        profile: PolicyProfile = .default,
        infoPlist: InfoPlist,
        consoleOutput: (@Sendable (String) -> Void)? = nil,
        storageDirectory: URL? = nil,
        desktopNotifications: (any DesktopNotifier)? = nil,
        app: (@AppMain @Sendable (Application) -> any ApplicationDelegate)?
    ) {
        system = SystemSetup(
            profile: profile, infoPlist: infoPlist, consoleOutput: consoleOutput, storageDirectory: storageDirectory,
            desktopNotifications: desktopNotifications)
        self.app = app
    }

    /// The app's delegate maker, for a device that runs the app's code in this process.
    ///
    /// - precondition: the setup has one (``app``).
    var linkedApp: @AppMain @Sendable (Application) -> any ApplicationDelegate {
        guard let app else {
            preconditionFailure("this DeviceSetup's app is a binary of its own (app is nil): it runs only in its own process (appProcess)")
        }
        return app
    }

    /// A setting of the system's part: `setup.profile`, `setup.appProcess`, …
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<SystemSetup, Value>) -> Value {
        get { system[keyPath: keyPath] }
        set { system[keyPath: keyPath] = newValue }
    }
}
