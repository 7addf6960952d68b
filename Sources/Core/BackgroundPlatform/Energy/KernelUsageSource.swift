import BackgroundWire

/// Where a live ``Device`` reads the app's usage: the kernel's accounts, from `/proc`. Each
/// ``AppLink`` makes its own — ``AppThreadsUsageSource`` for an app in this process,
/// ``AppProcessUsageSource`` for an app in a process of its own — and the live driver tells it
/// its timer thread as it starts.
package protocol KernelUsageSource: UsageSource {
    /// Counts the calling thread, the system's timer thread, as the system's.
    func registerSystemThread()
}
