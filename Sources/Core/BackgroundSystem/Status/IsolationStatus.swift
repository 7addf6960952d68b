import BackgroundPlatform
import BackgroundWire

/// Where the app's code runs, for `status`: `isolation`.
public struct IsolationStatus: Encodable, Sendable, Equatable {
    /// `process` (the app in its own process, frozen by the kernel) or `thread` (in the
    /// system's process, on an executor the system freezes).
    public var mode: String
    /// The process the app's code runs in; null while the app does not run.
    @ExplicitNull public var appPid: Int32?
    /// How the kernel freezes the app's process: `cgroup` or `sigstop`; null in thread mode.
    @ExplicitNull public var freezer: FreezerKind?
    /// The bytes the kernel lets the app's process use before it ends it; null when nothing
    /// holds the app to a limit (thread mode, or no memory controller).
    @ExplicitNull public var memoryLimit: Int?

    package init(mode: String, appPid: Int32?, freezer: FreezerKind?, memoryLimit: Int?) {
        self.mode = mode
        self.appPid = appPid
        self.freezer = freezer
        self.memoryLimit = memoryLimit
    }
}
