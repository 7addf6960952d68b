import BackgroundApp
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import Foundation

/// A live device made with its app: the app's code runs in its own process or on an executor
/// in this one, as the setup says.
extension Device {
    /// Creates a device on real time with the app not running; `launch(reason:)` starts it.
    ///
    /// - Parameters:
    ///   - profile: the iOS era whose rules hold.
    ///   - infoPlist: the app's Info.plist.
    ///   - wallClockStart: the wall-clock time at boot for console lines; now by default.
    ///   - consoleOutput: where console lines go besides the console's memory; written on a
    ///     thread of the console's own.
    ///   - storageDirectory: where the system keeps what outlives its process (the pending
    ///     `BGTaskScheduler` requests, the background sessions' transfers); nil keeps it in
    ///     memory only.
    ///   - desktopNotifications: where notifications also go, when there is a desktop.
    ///   - app: makes the app's delegate at each launch.
    public convenience init(
        profile: PolicyProfile = .default,
        infoPlist: InfoPlist,
        wallClockStart: Date? = nil,
        consoleOutput: (@Sendable (String) -> Void)? = nil,
        storageDirectory: URL? = nil,
        desktopNotifications: (any DesktopNotifier)? = nil,
        app: @escaping @AppMain @Sendable (Application) -> any ApplicationDelegate
    ) {
        self.init(
            DeviceSetup(
                profile: profile, infoPlist: infoPlist, consoleOutput: consoleOutput,
                storageDirectory: storageDirectory, desktopNotifications: desktopNotifications, app: app),
            wallClockStart: wallClockStart)
    }

    /// Creates a device on real time from `setup`; `wallClockStart` is now by default.
    public convenience init(_ setup: DeviceSetup, wallClockStart: Date? = nil) {
        let scriptTime: ManualClock? = setup.clock == .virtual ? ManualClock() : nil
        let driver = LiveDriver(runsTimers: scriptTime == nil)
        let executor = AppMainExecutor(runsAsJobsArrive: true, threadName: LiveDriver.appThreadName)
        let (link, isolationLines) = setup.makeLink(executor: executor)
        let usage = link.makeUsageSource()
        self.init(
            setup: setup.system, clock: scriptTime ?? LiveClock(), wallClockStart: wallClockStart ?? Date(), driver: driver,
            usage: usage, link: link, scriptTime: scriptTime)
        driver.start(loop: loop, usage: usage)
        for line in isolationLines { console.log(line) }
        if scriptTime != nil {
            console.log(
                "Clock: virtual — the system's timers fire when a script waits: wait N returns at once, with the "
                    + "lines N seconds print; GStreamer's playback, gpsd and sockets keep real time")
        }
    }
}
