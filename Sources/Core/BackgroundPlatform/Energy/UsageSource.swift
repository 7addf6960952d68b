import BackgroundWire

/// Where a device reads what the app's process uses: the kernel on a live device
/// (`AppProcessUsageSource`, `AppThreadsUsageSource`), numbers a test sets on a test device
/// (``ManualUsageSource``).
public protocol UsageSource: Sendable {
    /// What the process has used so far.
    func sample() -> UsageSample
    /// The app's own threads now: the threads the system did not start.
    func appThreads() -> [ThreadUsage]
    /// ``sample()`` and ``appThreads()`` from one reading.
    func sampleWithAppThreads() -> (sample: UsageSample, appThreads: [ThreadUsage])
}

extension UsageSource {
    public func sampleWithAppThreads() -> (sample: UsageSample, appThreads: [ThreadUsage]) {
        (sample(), appThreads())
    }
}
