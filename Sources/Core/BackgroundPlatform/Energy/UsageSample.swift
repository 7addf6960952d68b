import BackgroundWire

/// One reading of what the app's process has used so far.
public struct UsageSample: Sendable, Equatable {
    /// CPU seconds of the app's own threads.
    public var appCPUSeconds: Double
    /// CPU seconds of the system's services running in the same process.
    public var systemCPUSeconds: Double
    /// Voluntary context switches of the app's own threads: each a wait and a wake-up.
    public var wakeUps: Int
    /// Voluntary context switches of the system's threads in the same process.
    public var systemWakeUps: Int

    public init(appCPUSeconds: Double = 0, systemCPUSeconds: Double = 0, wakeUps: Int = 0, systemWakeUps: Int = 0) {
        self.appCPUSeconds = appCPUSeconds
        self.systemCPUSeconds = systemCPUSeconds
        self.wakeUps = wakeUps
        self.systemWakeUps = systemWakeUps
    }

    /// The growth from `earlier` to this reading; never negative (a thread that ended takes
    /// its time with it).
    package func since(_ earlier: UsageSample) -> UsageSample {
        UsageSample(
            appCPUSeconds: max(0, appCPUSeconds - earlier.appCPUSeconds),
            systemCPUSeconds: max(0, systemCPUSeconds - earlier.systemCPUSeconds),
            wakeUps: max(0, wakeUps - earlier.wakeUps),
            systemWakeUps: max(0, systemWakeUps - earlier.systemWakeUps))
    }
}
