import BackgroundRuntime

/// An app delegate whose didFinishLaunching keeps the main thread busy for `launchTime`.
@AppMain
final class SlowLaunchDelegate: ApplicationDelegate {
    let clock: ClockHook
    let launchTime: Duration
    let log: AppLog

    init(clock: ClockHook, launchTime: Duration, log: AppLog) {
        self.clock = clock
        self.launchTime = launchTime
        self.log = log
    }

    func applicationDidFinishLaunching(_ application: Application) {
        clock.take(launchTime)
        log.append("didFinishLaunching returned")
    }
}
