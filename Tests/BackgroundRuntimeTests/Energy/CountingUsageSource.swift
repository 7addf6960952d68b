import BackgroundPlatform
import BackgroundWire
import Synchronization

/// Usage a test sets, app and system apart, that counts how often it was read.
final class CountingUsageSource: UsageSource {
    private let state = Mutex<(sample: UsageSample, readings: Int)>((UsageSample(), 0))

    /// How many times the usage was read.
    var readings: Int { state.withLock { $0.readings } }

    /// Adds CPU seconds of the app and of the system.
    func spend(app: Double, system: Double) {
        state.withLock { state in
            state.sample.appCPUSeconds += app
            state.sample.systemCPUSeconds += system
        }
    }

    func sample() -> UsageSample {
        state.withLock { state in
            state.readings += 1
            return state.sample
        }
    }

    func appThreads() -> [ThreadUsage] {
        state.withLock { state in
            state.readings += 1
            return []
        }
    }
}
