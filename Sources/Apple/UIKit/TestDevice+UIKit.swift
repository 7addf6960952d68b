import BackgroundRuntime
import Foundation

extension TestDevice {
    /// A test device whose app is the UIKit delegate `makeDelegate` makes, on the main actor, at
    /// each launch; the app is not running until ``Device/launch(reason:)``.
    ///
    /// - Parameters:
    ///   - profile: the iOS era whose rules hold.
    ///   - infoPlist: the app's Info.plist.
    ///   - wallClockStart: the wall-clock time at boot for console lines and dates; a fixed date
    ///     (``Device/manualEpoch``) by default, so that logs repeat exactly.
    ///   - storageDirectory: where the system keeps what outlives its process; nil keeps it in
    ///     memory only.
    ///   - makeDelegate: makes the app's delegate, as UIKit makes it from its class.
    public convenience init(
        profile: PolicyProfile = .default, infoPlist: InfoPlist, wallClockStart: Date = Device.manualEpoch,
        storageDirectory: URL? = nil, delegate makeDelegate: @escaping @MainActor @Sendable () -> any UIApplicationDelegate
    ) {
        self.init(
            DeviceSetup(profile: profile, infoPlist: infoPlist, storageDirectory: storageDirectory, app: AppDelegateAdapter.factory(makeDelegate)),
            wallClockStart: wallClockStart)
    }

    /// Runs `body` on the app's main thread, with its `UIApplication`, after the jobs already
    /// queued, and returns its result; nil, running nothing, if the app's code cannot run now (it
    /// is suspended or not running).
    @discardableResult
    public func performOnMain<T: Sendable>(_ body: @escaping @MainActor @Sendable (UIApplication) -> T) -> T? {
        perform { application in
            let uiApplication = UIApplication.of(application)
            return MainActor.assumeIsolated { body(uiApplication) }
        }
    }
}
