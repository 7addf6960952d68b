import BackgroundPlatform
import BackgroundWire

/// The limits on what an app may use off screen: CPU Monitor kills an app that uses too much
/// CPU in the background (WWDC 2019, “Advances in App Background Execution”; WWDC 2020, “Why
/// is my app getting killed?”), except while a `BGProcessingTask` runs on a plugged-in device,
/// for which it is turned off; the per-process memory limit (jetsam under memory pressure is
/// `SystemStateMachine+Jetsam.swift`); and an app suspended while
/// it holds a lock on a shared file is killed (0xdead10cc).
extension SystemStateMachine {
    /// Whether CPU Monitor is off now: a processing task runs while the device is plugged in
    /// (rule cpu-limit-off-for-processing-tasks), or a debugger is attached.
    var isCPUMonitorOff: Bool {
        debuggerAttached
            || (conditions.isOnExternalPower && tasks.running.values.contains { $0.request.kind == .processing })
    }

    /// The app used more CPU in the background than ``PolicyProfile/backgroundCPULimit``: it
    /// is killed, with the words of iOS's `cpu_resource_fatal` report.
    mutating func cpuLimitExceeded(_ breach: CPULimitBreach, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard appState == .background, !isCPUMonitorOff else { return finish() }
        report(
            .cpuResourceLimit,
            "\(infoPlist.bundleName)[\(pid)] used \(Duration.seconds(breach.cpuSeconds).secondsText) s of CPU in "
                + "\(Duration.seconds(breach.overSeconds).secondsText) s in the background; move heavy work into a "
                + "BGProcessingTask, which runs without CPU limits")
        for line in breach.reportLines { log(line) }
        kill(cause: .system(reason: "cpu usage exceeded the background limit"), exit: .cpuResourceLimit)
        return finish()
    }

    /// The kernel ended the app's own process `appPID` (`--isolation process`) for going over
    /// its memory limit: iOS's per-process limit, on screen or off (WWDC 2020, “Why is my app
    /// getting killed?”: “Memory limit exceeded”), which a jetsam report names
    /// `per-process-limit`.
    mutating func memoryLimitExceeded(limit: Int, appPID: Int32, launchNumber number: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard appState != .notRunning, launch?.number == number else { return finish() }
        report(
            .memoryResourceLimit,
            "\(infoPlist.bundleName)[\(appPID)] used more than its memory limit of \(limit >> 20) MB and the kernel ended "
                + "its process; free caches, images and large buffers, and keep the footprint low off screen")
        log("Process \(infoPlist.bundleName) [\(appPID)] killed by jetsam reason per-process-limit")
        kill(cause: .system(reason: "memory use exceeded the per-process limit"), exit: .memoryResourceLimit)
        return finish()
    }

    /// The app was suspended holding `locks` on files of its shared container: it is killed,
    /// as RunningBoard kills it with 0xdead10cc (Technical Note TN2151: “held on to a file lock
    /// or sqlite database lock during suspension”), unless launch `number` has ended already
    /// or the app runs again.
    mutating func suspended(holding locks: [FileLock], launchNumber number: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard appState == .suspended, launch?.number == number, !locks.isEmpty else { return finish() }
        let files = locks.map(\.description).joined(separator: ", ")
        report(
            .suspendedWithLockedFile,
            "\(infoPlist.bundleName)[\(pid)] was suspended holding \(locks.count == 1 ? "a lock" : "\(locks.count) locks") "
                + "on its shared container's files: \(files); finish the file or database work inside a background "
                + "task and release the lock before ending the task")
        log("Termination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc")
        kill(cause: .system(reason: "suspended while holding a file lock (0xdead10cc)"), exit: .suspendedWithLockedFile)
        return finish()
    }
}
