/// The rules of what an app uses while it is off screen.
extension DiagnosticRule {
    /// The app used more CPU in the background than the system allows, and was killed.
    public static let cpuResourceLimit = DiagnosticRule(rawValue: "cpu-resource-limit")
    /// The app's own process went over its memory limit, and the kernel ended it.
    public static let memoryResourceLimit = DiagnosticRule(rawValue: "memory-resource-limit")
    /// A thread of the app ran while the app was suspended, which iOS's kernel never allows.
    public static let ranWhileSuspended = DiagnosticRule(rawValue: "ran-while-suspended")
    /// The app was suspended while it held a lock on a file of its shared container, and was
    /// killed (0xdead10cc).
    public static let suspendedWithLockedFile = DiagnosticRule(rawValue: "suspended-with-locked-file")
}
