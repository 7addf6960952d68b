import BackgroundPlatform
import BackgroundWire
import Foundation
import Synchronization

/// The device's energy accounts: it reads the app's usage from its `UsageSource` (outside its
/// lock), feeds the readings and the system's events to its ledger (a value that does no I/O),
/// and saves each ended launch to the ``EnergyLog``.
///
/// Readings are taken when something happens — a state change, a `status`, a timeline
/// request — and every few seconds while the app runs in the background
/// (for the CPU limit), never on a timer while the app is suspended: an idle suspended app
/// costs the device no wake-ups for being measured.
public final class EnergyMeter: Sendable {
    /// Where the readings come from.
    public let source: any UsageSource
    let log: EnergyLog?
    private let ledger: Mutex<EnergyLedger>

    init(source: any UsageSource, log: EnergyLog?, at time: Duration) {
        self.source = source
        self.log = log
        ledger = Mutex(EnergyLedger(sample: source.sample(), at: time.seconds))
    }

    /// Counts what was used up to `time`.
    func advance(to time: Duration) {
        let sample = source.sample()
        ledger.withLock { $0.advance(to: time.seconds, sample: sample) }
    }

    /// Counts bytes a service moved for the app at `time`. It reads nothing from the kernel:
    /// a download reports every chunk.
    func addNetwork(bytes: Int, at time: Duration) {
        ledger.withLock { $0.addNetwork(bytes: bytes, at: time.seconds) }
    }

    /// The system powers `resource` for the app from `time` on. It reads nothing from the
    /// kernel: the audio player and the location service call it on their own queues.
    func begin(_ resource: EnergyResource, at time: Duration) -> Int {
        ledger.withLock { ledger in
            ledger.advance(to: time.seconds)
            return ledger.begin(resource)
        }
    }

    /// The resource of `token` is off from `time` on.
    func end(_ token: Int, at time: Duration) {
        ledger.withLock { ledger in
            ledger.advance(to: time.seconds)
            ledger.end(token)
        }
    }

    /// The app's state changed; returns the threads that ran while it was suspended, if the
    /// change ends a suspension. An ended launch is saved.
    /// `freezesLater`: the app's code runs in a process of its own, which the kernel freezes
    /// after the suspension (``appFrozen(at:ifStill:)`` says when). Such a suspension reads
    /// nothing from the kernel: what is used until the freeze counts in the state the app left,
    /// and the freeze's reading counts it.
    func changeState(
        _ change: AppStateChange, launch number: Int?, reason: LaunchReason?, date: Date, freezesLater: Bool = false
    ) -> [SuspendedRunFinding] {
        let reading: (sample: UsageSample, threads: [ThreadUsage]?)?
        if change.to == .suspended && freezesLater {
            reading = nil
        } else if change.to == .suspended || change.from == .suspended {
            let (sample, threads) = source.sampleWithAppThreads()
            reading = (sample, threads)
        } else {
            reading = (source.sample(), nil)
        }
        let threads = reading?.threads
        let (ended, findings) = ledger.withLock { ledger in
            if let reading {
                ledger.advance(to: change.time.seconds, sample: reading.sample)
            } else {
                ledger.advance(to: change.time.seconds)
            }
            let findings = change.from == .suspended
                ? ledger.threadsRunningWhileSuspended(threads ?? [], at: change.time.seconds) : []
            let ended = ledger.changeState(
                change, launch: number, reason: reason, date: date, threads: threads, freezesLater: freezesLater)
            return (ended, findings)
        }
        if let ended { log?.append(ended) }
        return findings
    }

    /// The kernel has frozen the suspended app's process at `time`: what it used until then
    /// counts in the state it left (`EnergyLedger.appFrozen(sample:threads:at:)`) — if
    /// `isStillFrozen`, asked under the ledger's lock, says that no thaw came since. A report
    /// that comes late, after a wake and a new suspension whose own freeze is still to come,
    /// is not the new suspension's.
    func appFrozen(at time: Duration, ifStill isStillFrozen: () -> Bool) {
        let (sample, threads) = source.sampleWithAppThreads()
        ledger.withLock { ledger in
            guard isStillFrozen() else { return }
            ledger.appFrozen(sample: sample, threads: threads, at: time.seconds)
        }
    }

    /// Whether the app broke the background CPU limit, after a reading at `time`.
    func cpuLimitBreach(limit: Double, window: Duration, at time: Duration) -> CPULimitBreach? {
        let sample = source.sample()
        return ledger.withLock { ledger in
            ledger.advance(to: time.seconds, sample: sample)
            return ledger.cpuLimitBreach(limit: limit, window: window, at: time.seconds)
        }
    }

    /// The MetricKit period that ends at `time`, if it is at least `minimum` long; the next
    /// period starts then.
    func closeMetricPeriod(at time: Duration, exits: AppExitCounts, minimum: Duration = .zero)
        -> (begin: Duration, byState: [EnergyState: EnergyCounters], exits: AppExitCounts)?
    {
        advance(to: time)
        return ledger.withLock { ledger in
            guard ledger.secondsSinceMetricPeriod(at: time.seconds) >= minimum.seconds else { return nil }
            return ledger.closeMetricPeriod(at: time.seconds, exits: exits).map { period in
                (.milliseconds(Int64((period.begin * 1000).rounded())), period.byState, period.exits)
            }
        }
    }

    /// Whether the app runs in the background now (not suspended).
    var isInBackground: Bool { ledger.withLock { $0.state == .background } }

    /// The accounts at `time`, with `exits` from the system, and the threads that have run
    /// while the app is suspended, not reported yet — from one reading.
    func status(at time: Duration, exits: AppExitCounts) -> (status: EnergyStatus, findings: [SuspendedRunFinding]) {
        let isSuspended = ledger.withLock { $0.state == .suspended }
        let (sample, threads) = isSuspended ? source.sampleWithAppThreads() : (source.sample(), [])
        return ledger.withLock { ledger in
            ledger.advance(to: time.seconds, sample: sample)
            let findings = isSuspended ? ledger.threadsRunningWhileSuspended(threads, at: time.seconds) : []
            let recent = ledger.recentTimeline(seconds: EnergyStatus.gaugeSeconds, at: time.seconds)
            var counters = recent.reduce(into: EnergyCounters()) { $0.add($1.counters) }
            counters.seconds = EnergyStatus.gaugeSeconds
            let status = EnergyStatus(
                impact: EnergyImpact(counters), cost: counters.cost / counters.seconds,
                overhead: counters.overhead / counters.seconds, launch: ledger.launch,
                endedLaunches: ledger.endedLaunches, exits: exits,
                totals: Dictionary(uniqueKeysWithValues: ledger.totals.map { ($0.key.rawValue, $0.value) }))
            return (status, findings)
        }
    }

    /// The timeline of the last `seconds` at `time`, oldest first.
    func timeline(seconds: Double, at time: Duration) -> [EnergyTimelineEntry] {
        advance(to: time)
        return ledger.withLock { $0.recentTimeline(seconds: seconds, at: time.seconds) }
    }
}
