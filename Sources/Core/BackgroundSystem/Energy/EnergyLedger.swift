import BackgroundPlatform
import BackgroundWire
import DequeModule
import Foundation

/// The energy accounts of one device, as a value: it is told the time, the kernel's readings
/// and the system's events, and keeps what each launch and each state cost, a timeline of the
/// last minutes, and what the CPU rules need. It does no I/O and reads no clock.
struct EnergyLedger: Sendable {
    /// The timeline's resolution, in seconds.
    static let bucketSeconds = 5.0
    /// How many entries the timeline keeps: five minutes.
    static let timelineLength = 60
    /// How many ended launches it keeps for `status`.
    static let keptLaunches = 10
    /// A transfer after this many quiet seconds wakes the radio again (Backgrounder's model of
    /// the radio's tail time; Energy Efficiency Guide for iOS Apps, “Minimize Networking”).
    static let radioTailSeconds = 10.0
    /// A thread that used this much CPU, and this share of the time, while the app was
    /// suspended ran while suspended (Backgrounder's threshold: a spinning thread, not a
    /// stray wake-up).
    static let suspendedRunCPU = 0.5
    static let suspendedRunShare = 0.25

    private(set) var launch: LaunchEnergy?
    private(set) var state: EnergyState?
    private(set) var timeline: Deque<EnergyTimelineEntry> = []
    private(set) var endedLaunches: [LaunchEnergy] = []
    /// Everything counted since the device booted, by state.
    private(set) var totals: [EnergyState: EnergyCounters] = [:]
    /// The end of the last MetricKit period, its totals and exits then, and the payloads not
    /// delivered yet.
    private(set) var metricPeriod: (end: Double, totals: [EnergyState: EnergyCounters], exits: AppExitCounts) = (0, [:], AppExitCounts())
    private var lastTime: Double
    private var lastSample: UsageSample
    private var resources: [Int: EnergyResource] = [:]
    private var nextResourceToken = 1
    private var lastNetworkTime: Double?
    /// The app's CPU readings while it runs in the background, for the CPU limit.
    private var backgroundReadings: Deque<(time: Double, cpu: Double)> = []
    /// When the app was suspended; the state it left, while its process has yet to be frozen
    /// (``appFrozen(sample:threads:at:)``); and its threads' CPU times from which running while
    /// suspended counts.
    private var suspension: (time: Double, awaitingFreeze: EnergyState?, threads: [Int32: Double], reported: Set<Int32>)?

    init(sample: UsageSample, at time: Double) {
        lastTime = time
        lastSample = sample
    }

    /// Counts what was used since the last reading, in the state the app was in.
    mutating func advance(to time: Double, sample: UsageSample) {
        guard time >= lastTime else { return }
        let delta = sample.since(lastSample)
        var counters = EnergyCounters()
        counters.seconds = time - lastTime
        counters.cpuSeconds = delta.appCPUSeconds
        counters.systemCPUSeconds = delta.systemCPUSeconds
        counters.wakeUps = delta.wakeUps
        counters.systemWakeUps = delta.systemWakeUps
        for resource in Set(resources.values) where counters.seconds > 0 {
            switch resource {
            case .location(let accuracy): counters.locationSeconds[accuracy, default: 0] += counters.seconds
            case .audioOutput: counters.audioSeconds += counters.seconds
            }
        }
        if state == .suspended, let left = suspension?.awaitingFreeze {
            // The app's own process runs on until the kernel has frozen it: what was used until
            // then — the app's and the system's, read at the freeze and not at the suspension —
            // is the state's it left.
            var used = EnergyCounters()
            (used.cpuSeconds, used.wakeUps) = (counters.cpuSeconds, counters.wakeUps)
            (used.systemCPUSeconds, used.systemWakeUps) = (counters.systemCPUSeconds, counters.systemWakeUps)
            (counters.cpuSeconds, counters.wakeUps, counters.systemCPUSeconds, counters.systemWakeUps) = (0, 0, 0, 0)
            add(used, at: time, in: left)
        }
        add(counters, at: time)
        lastTime = time
        lastSample = sample
        // A reading a second at most: the CPU limit's window holds a minute of them.
        if state == .background, backgroundReadings.last.map({ time - $0.time >= 1 }) ?? true {
            backgroundReadings.append((time, sample.appCPUSeconds))
        }
    }

    /// Counts the time up to `time` with no new reading of the kernel: its CPU and wake-ups
    /// go to the next reading.
    mutating func advance(to time: Double) {
        advance(to: time, sample: lastSample)
    }

    /// Counts bytes a service moved for the app now.
    mutating func addNetwork(bytes: Int, at time: Double) {
        guard bytes > 0 else { return }
        var counters = EnergyCounters()
        counters.networkBytes = bytes
        if lastNetworkTime.map({ time - $0 > Self.radioTailSeconds }) ?? true { counters.radioWakes = 1 }
        lastNetworkTime = time
        add(counters, at: time)
    }

    /// The system powers `resource` for the app from now on; returns the token that ends it.
    mutating func begin(_ resource: EnergyResource) -> Int {
        defer { nextResourceToken += 1 }
        resources[nextResourceToken] = resource
        return nextResourceToken
    }

    /// The resource of `token` is off.
    mutating func end(_ token: Int) {
        resources[token] = nil
    }

    /// The app's state changed (after ``advance(to:sample:)`` to the change's time). Returns
    /// the launch that ended, if the change ended one. `freezesLater`: a suspended app's code
    /// goes on until its process is frozen (``appFrozen(sample:threads:at:)``).
    mutating func changeState(
        _ change: AppStateChange, launch number: Int?, reason: LaunchReason?, date: Date, threads: [ThreadUsage]?,
        freezesLater: Bool = false
    ) -> LaunchEnergy? {
        let time = change.time.seconds
        var ended: LaunchEnergy?
        if change.from == .notRunning, let number, let reason {
            launch = LaunchEnergy(number: number, reason: reason, started: date)
        }
        state = EnergyState(change.to)
        backgroundReadings.removeAll()
        if change.to == .suspended, freezesLater || threads != nil {
            // A process frozen later gives its threads' times at the freeze.
            suspension = (time, freezesLater ? EnergyState(change.from) : nil, Self.cpuByThread(threads ?? []), [])
        } else if change.to != .suspended {
            suspension = nil
        }
        if change.to == .notRunning, var finished = launch {
            finished.ended = date
            finished.exit = change.exit ?? .normal
            finished.endedOnScreen = change.endedOnScreen
            endedLaunches.append(finished)
            if endedLaunches.count > Self.keptLaunches { endedLaunches.removeFirst() }
            launch = nil
            ended = finished
        }
        return ended
    }

    /// The kernel has frozen the suspended app's process, whose usage and threads were then
    /// `sample` and `threads`, read at `time`: what the app used until then — its process ran
    /// on after the suspension, ending the job it was in — is counted in the state it left, not
    /// as the suspended app's, and running while suspended counts from the threads' times then.
    /// Nothing changes unless the app is suspended and its process awaited the freeze. (iOS's
    /// suspended app runs no code at all; that the moments before the freeze are the app's last
    /// in the background is Backgrounder's model.)
    mutating func appFrozen(sample: UsageSample, threads: [ThreadUsage], at time: Double) {
        guard state == .suspended, suspension?.awaitingFreeze != nil else { return }
        advance(to: time, sample: sample)
        suspension?.awaitingFreeze = nil
        suspension?.threads = Self.cpuByThread(threads)
    }

    private static func cpuByThread(_ threads: [ThreadUsage]) -> [Int32: Double] {
        Dictionary(threads.map { ($0.id, $0.cpuSeconds) }, uniquingKeysWith: max)
    }

    /// The app's threads that ran while it has been suspended, each reported once a suspension.
    mutating func threadsRunningWhileSuspended(_ threads: [ThreadUsage], at time: Double) -> [SuspendedRunFinding] {
        guard var suspension, state == .suspended, suspension.awaitingFreeze == nil else { return [] }
        let window = time - suspension.time
        var findings: [SuspendedRunFinding] = []
        for thread in threads where !suspension.reported.contains(thread.id) {
            let used = thread.cpuSeconds - (suspension.threads[thread.id] ?? 0)
            if used >= Self.suspendedRunCPU, window > 0, used >= window * Self.suspendedRunShare {
                findings.append(SuspendedRunFinding(thread: thread, cpuSeconds: used, suspendedSeconds: window))
                suspension.reported.insert(thread.id)
            }
        }
        self.suspension = suspension
        return findings
    }

    /// Whether the app's CPU in the background broke `limit` over the last `window`: it must
    /// have run in the background for the whole window.
    mutating func cpuLimitBreach(limit: Double, window: Duration, at time: Double) -> CPULimitBreach? {
        let seconds = window.seconds
        while backgroundReadings.count > 1, backgroundReadings[1].time <= time - seconds {
            backgroundReadings.removeFirst()
        }
        guard let first = backgroundReadings.first, let last = backgroundReadings.last,
            time - first.time >= seconds
        else { return nil }
        let used = last.cpu - first.cpu
        let over = last.time - first.time
        guard over > 0, used / over > limit else { return nil }
        return CPULimitBreach(cpuSeconds: used, overSeconds: over, limit: limit, window: window)
    }

    /// The counts and exits since the last MetricKit period ended, and starts the next period
    /// at `time`; nil if `time` is before the last period's end.
    mutating func closeMetricPeriod(at time: Double, exits: AppExitCounts) -> (begin: Double, byState: [EnergyState: EnergyCounters], exits: AppExitCounts)? {
        guard time >= metricPeriod.end else { return nil }
        var byState: [EnergyState: EnergyCounters] = [:]
        for (state, counters) in totals {
            byState[state] = counters.subtracting(metricPeriod.totals[state] ?? EnergyCounters())
        }
        let period = (begin: metricPeriod.end, byState: byState, exits: exits.subtracting(metricPeriod.exits))
        metricPeriod = (time, totals, exits)
        return period
    }

    /// Seconds since the last MetricKit period ended.
    func secondsSinceMetricPeriod(at time: Double) -> Double { time - metricPeriod.end }

    /// The timeline's entries of the last `seconds`, one for each five-second bucket from the
    /// boot on: a bucket nothing was counted in since the last reading is in the state the app
    /// is in now, one before the timeline's first in none (the app was not running, or the
    /// timeline no longer keeps it).
    func recentTimeline(seconds: Double, at time: Double) -> [EnergyTimelineEntry] {
        let end = Self.bucketStart(time)
        let start = max(0, end - (seconds - Self.bucketSeconds))
        var entries: [Double: EnergyTimelineEntry] = [:]
        for entry in timeline where entry.time >= start { entries[entry.time] = entry }
        let lastCounted = timeline.last?.time ?? -1
        return stride(from: start, through: end, by: Self.bucketSeconds).map { bucket in
            entries[bucket] ?? EnergyTimelineEntry(time: bucket, state: bucket > lastCounted ? state : nil)
        }
    }

    /// Counts `counters`, the stretch that ends at `time`, in the launch, the totals of state
    /// `counted` (the app's state now, unless told) and the timeline.
    private mutating func add(_ counters: EnergyCounters, at time: Double, in counted: EnergyState? = nil) {
        if let state = counted ?? state, launch != nil {
            launch?.byState[state, default: EnergyCounters()].add(counters)
            totals[state, default: EnergyCounters()].add(counters)
        }
        addToTimeline(counters, endingAt: time)
    }

    /// Spreads the stretch over the five-second buckets it spans, each its share of the time,
    /// in the state the app was in all along (a change of state reads the kernel first); an
    /// instant (network bytes) goes to the bucket of its moment. Only the buckets the timeline
    /// keeps are written.
    private mutating func addToTimeline(_ counters: EnergyCounters, endingAt time: Double) {
        let start = time - counters.seconds
        let kept = Self.bucketStart(time) - Double(Self.timelineLength - 1) * Self.bucketSeconds
        guard counters.seconds > 0 else { return addToBucket(Self.bucketStart(time), counters) }
        var bucket = max(Self.bucketStart(start), kept)
        while bucket < time {
            let lower = max(bucket, start)
            let upper = min(bucket + Self.bucketSeconds, time)
            if upper > lower {
                var share = counters.share(from: (lower - start) / counters.seconds, to: (upper - start) / counters.seconds)
                share.seconds = upper - lower
                addToBucket(bucket, share)
            }
            bucket += Self.bucketSeconds
        }
    }

    /// Adds `counters` to the entry of `bucket`, made in its place if there is none (an
    /// instant's network bytes may have made a later bucket already).
    private mutating func addToBucket(_ bucket: Double, _ counters: EnergyCounters) {
        if let index = timeline.lastIndex(where: { $0.time <= bucket }), timeline[index].time == bucket {
            timeline[index].counters.add(counters)
            timeline[index].state = state
            return
        }
        let index = timeline.lastIndex { $0.time < bucket }.map { $0 + 1 } ?? 0
        timeline.insert(EnergyTimelineEntry(time: bucket, state: state, counters: counters), at: index)
        if timeline.count > Self.timelineLength { timeline.removeFirst() }
    }

    private static func bucketStart(_ time: Double) -> Double {
        (time / bucketSeconds).rounded(.down) * bucketSeconds
    }
}
