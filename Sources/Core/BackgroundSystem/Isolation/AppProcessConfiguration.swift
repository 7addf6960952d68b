import BackgroundWire

/// How the system starts the app's own process for `--isolation process`: the same binary,
/// with arguments that make it run the app's side (`AppProcess/run(infoPlist:profile:app:)`).
public struct AppProcessConfiguration: Sendable {
    /// The binary to start.
    public var executable: String
    /// Its arguments, read each time the process is started: a launch passes what holds then
    /// (a port a listener got since the system started, say).
    public var arguments: @Sendable () -> [String]
    /// The memory the app's process may use, in bytes, on screen or off: over it, the kernel
    /// ends it (exit memoryResourceLimit).
    public var memoryLimit: Int
    /// How long ``Device/waitUntilIdle()`` waits at most for the app's process to run what was
    /// sent to it: one that hangs (neither idle, frozen nor ended) is named on the console, and
    /// the wait ends instead of hanging its caller — a service, or a test — for good.
    public var idleWaitBound: Duration = .seconds(60)
    /// The arguments that start the binary as the process of the app's Notification Service
    /// Extension (``ServiceExtensionProcess``), where it has one: an extension runs apart from
    /// its app, as on iOS. Without them it runs in the system's process.
    public var serviceExtensionArguments: [String]?

    /// 200 MB: WWDC 2020's “Why is my app getting killed?” gives it as the limit of devices
    /// as old as the iPhone 6s; the limit differs by device, and Apple publishes no table.
    public static let defaultMemoryLimit = 200 << 20

    public init(executable: String, arguments: @escaping @autoclosure @Sendable () -> [String], memoryLimit: Int = defaultMemoryLimit) {
        self.executable = executable
        self.arguments = arguments
        self.memoryLimit = memoryLimit
    }
}
