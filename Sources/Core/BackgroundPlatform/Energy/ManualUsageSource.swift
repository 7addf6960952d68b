import BackgroundWire
import Synchronization

/// Usage that a test sets by hand, for a `TestDevice`: the CPU rules run on numbers the
/// test chooses, as its timers run on the time it chooses.
public final class ManualUsageSource: UsageSource {
    private let state = Mutex<(sample: UsageSample, threads: [Int32: ThreadUsage])>((UsageSample(), [:]))

    public init() {}

    /// Adds `seconds` of CPU time to the app's thread `name` (made on first use), as if the
    /// app's own code had run that long.
    public func spendAppCPU(_ seconds: Double, onThread name: String = "app-thread") {
        state.withLock { state in
            state.sample.appCPUSeconds += seconds
            let id = state.threads.values.first { $0.name == name }?.id ?? Int32(1_000 + state.threads.count)
            state.threads[id, default: ThreadUsage(id: id, name: name, cpuSeconds: 0)].cpuSeconds += seconds
        }
    }

    /// Adds wake-ups of the process.
    public func wake(_ count: Int) {
        state.withLock { $0.sample.wakeUps += count }
    }

    public func sample() -> UsageSample {
        state.withLock { $0.sample }
    }

    public func appThreads() -> [ThreadUsage] {
        state.withLock { Array($0.threads.values).sorted { $0.id < $1.id } }
    }
}
