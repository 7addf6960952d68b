/// The limits on what an app may use off screen: CPU Monitor kills an app that uses too much
/// CPU in the background (WWDC 2019, “Advances in App Background Execution”; WWDC 2020, “Why
/// is my app getting killed?”), except while a `BGProcessingTask` runs on a plugged-in device,
/// for which it is turned off; jetsam ends suspended apps when memory runs short; and an app suspended while
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

    /// The footprint an app should keep under in the background: WWDC 2020, “Why is my app
    /// getting killed?”, “Aim for < 50mb in BG”.
    static let backgroundFootprintGuideline = 50 << 20

    /// The device runs short of memory: jetsam ends a suspended app without a word, the most
    /// common way an app ends in the background (WWDC 2020, “Why is my app getting killed?”:
    /// “Memory pressure exit”); running apps are warned, as UIKit warns them when ending
    /// suspended ones did not free enough (Apple, “Responding to memory warnings”), and the scene
    /// of one running in the background is disconnected (rule scene-disconnect). At `critical`
    /// pressure jetsam goes on to an app running in the background, unless the user perceives it
    /// (audio playing, location updates) and its `footprint` (bytes, if known) is within
    /// ``backgroundFootprintGuideline`` (rule jetsam-ends-background-apps).
    mutating func memoryPressure(_ level: MemoryPressureLevel, footprint: Int?, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        switch appState {
        case .suspended:
            log(TerminationCause.system(reason: "memory pressure (jetsam)").consoleMessage)
            kill(cause: .system(reason: "memory pressure (jetsam)"), exit: .memoryPressure)
        case .notRunning:
            log("Memory pressure: \(infoPlist.bundleName) is not running")
            discardPrewarm("the system reclaims its memory")
        case .background where level == .critical && !sparedInTheBackground(footprint: footprint):
            let size = footprint.map { ", its footprint \($0 >> 20) MB" } ?? ""
            log("Memory pressure (critical): the warnings did not free enough, and jetsam goes on to apps running in "
                + "the background: \(infoPlist.bundleName) runs \(perceptibleActivity.map { "for \($0)" } ?? "for no work the user perceives")\(size)")
            log(TerminationCause.system(reason: "memory pressure (jetsam)").consoleMessage)
            kill(cause: .system(reason: "memory pressure (jetsam)"), exit: .memoryPressure)
        case .active, .inactive, .background:
            let why = appState == .background && level == .critical
                ? "which jetsam spares: the user perceives it (\(perceptibleActivity ?? ""))" : "which jetsam spares"
            log("Memory pressure\(level == .critical ? " (critical)" : ""): \(infoPlist.bundleName) is \(appState.rawValue), \(why)")
            if appState == .background {
                disconnectScene("the system reclaimed the memory of the app's background scene")
            }
            log("Received memory warning.")
            deliver(.systemNotification(.didReceiveMemoryWarning))
        }
        return finish()
    }

    /// The work of a declared mode the user perceives — audio playing, location updates — that
    /// keeps the app running in the background, by its activity's name; nil when there is none.
    private var perceptibleActivity: String? {
        activities.sorted { $0.key < $1.key }.map(\.value).first { activity in
            guard case .mode(let mode) = activity.kind else { return false }
            return (mode == .audio || mode == .location) && keepsRunningInBackground(activity)
        }?.name
    }

    /// Whether critical pressure spares the app running in the background: the user perceives
    /// it and its footprint, if known, is within the guideline.
    private func sparedInTheBackground(footprint: Int?) -> Bool {
        perceptibleActivity != nil && (footprint ?? 0) <= Self.backgroundFootprintGuideline
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
