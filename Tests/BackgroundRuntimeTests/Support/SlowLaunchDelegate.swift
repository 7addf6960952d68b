import BackgroundRuntime

/// An app delegate whose didFinishLaunching keeps the main thread busy for `launchTime`, and
/// willEnterForeground for `foregroundTime`.
@AppMain
final class SlowLaunchDelegate: ApplicationDelegate {
    let clock: ClockHook
    let launchTime: Duration
    let foregroundTime: Duration
    let log: AppLog

    init(clock: ClockHook, launchTime: Duration, foregroundTime: Duration = .zero, log: AppLog) {
        self.clock = clock
        self.launchTime = launchTime
        self.foregroundTime = foregroundTime
        self.log = log
    }

    func applicationDidFinishLaunching(_ application: Application) {
        clock.take(launchTime)
        log.append("didFinishLaunching returned")
    }

    func applicationWillEnterForeground(_ application: Application) {
        clock.take(foregroundTime)
        log.append("willEnterForeground returned")
    }
}
