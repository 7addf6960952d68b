@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
import BackgroundRuntimeTesting
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("Threads that run while the app is suspended")
struct SuspendedThreadTests {
    @Test func aThreadOfTheAppThatRunsWhileSuspendedIsReportedWhenTheAppComesBack() {
        let device = makeWorkerDevice()
        device.launch()
        device.pressHome()
        device.usage.spendAppCPU(9.5, onThread: "spinner")
        device.advance(by: .seconds(10))
        #expect(device.diagnosticMessages(.ranWhileSuspended).isEmpty, "nothing reads the kernel while suspended")
        device.openApp()
        let messages = device.diagnosticMessages(.ranWhileSuspended)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("(\"spinner\")") == true)
        #expect(messages.first?.contains("used 9.5 s of CPU in the 10 s the app was suspended") == true)
    }

    @Test func statusReportsItWhileTheAppIsStillSuspendedOnceOnly() {
        let device = makeWorkerDevice()
        device.launch()
        device.pressHome()
        device.usage.spendAppCPU(4, onThread: "spinner")
        device.advance(by: .seconds(5))
        _ = device.status()
        _ = device.status()
        device.openApp()
        #expect(device.diagnosticMessages(.ranWhileSuspended).count == 1)
    }

    /// The app's own process runs on for a moment after its suspension, until the kernel has
    /// frozen it (its link then tells the accounts): that moment is the app's last in the
    /// background, not CPU of the suspended app — even where a reading came in between (the web
    /// UI's energy panel, `status`) — and running while suspended counts from the freeze.
    @Test func whatTheAppsOwnProcessUsedUntilFrozenCountsInTheBackground() {
        var (ledger, usage) = Self.ledgerOfAnAppGoneHome(freezesLater: true)
        usage.appCPUSeconds += 0.1
        ledger.advance(to: 10.5, sample: usage)  // a `status` before the freeze
        usage.appCPUSeconds += 0.2
        ledger.appFrozen(sample: usage, threads: [ThreadUsage(id: 7, name: "spinner", cpuSeconds: 2.3)], at: 10.6)
        usage.appCPUSeconds += 9
        let woken = AppStateChange(from: .suspended, to: .background, time: .seconds(20.6))
        ledger.advance(to: 20.6, sample: usage)
        let findings = ledger.threadsRunningWhileSuspended([ThreadUsage(id: 7, name: "spinner", cpuSeconds: 11.3)], at: 20.6)
        _ = ledger.changeState(woken, launch: 1, reason: .user, date: Date(), threads: nil)
        #expect(abs((ledger.totals[.background]?.cpuSeconds ?? 0) - 2.3) < 1e-9, "2 s before Home, 0.3 s until frozen")
        #expect(abs((ledger.totals[.suspended]?.cpuSeconds ?? 0) - 9) < 1e-9)
        #expect(findings.map(\.cpuSeconds) == [9], "counted from the freeze")
    }

    /// Where the app's code is frozen with the suspension (the app in the system's process),
    /// everything after it is the suspended app's, as before.
    @Test func codeFrozenWithTheSuspensionCountsAsSuspendedFromItsFirstMoment() {
        var (ledger, usage) = Self.ledgerOfAnAppGoneHome(freezesLater: false)
        usage.appCPUSeconds += 0.3
        ledger.appFrozen(sample: usage, threads: [], at: 10.6)
        ledger.advance(to: 20, sample: usage)
        #expect(abs((ledger.totals[.background]?.cpuSeconds ?? 0) - 2) < 1e-9)
        #expect(abs((ledger.totals[.suspended]?.cpuSeconds ?? 0) - 0.3) < 1e-9)
    }

    /// The link tells the accounts of a freeze from a queue of its own, so its report can come
    /// after the app was woken and suspended again, before that suspension's own freeze: it is
    /// not counted then, and the moment until the new freeze stays the app's last in the
    /// background.
    @Test func aFreezesLateReportIsNotTheNextSuspensions() {
        let usage = ManualUsageSource()
        let meter = EnergyMeter(source: usage, log: nil, at: .zero)
        func change(_ from: AppState, _ to: AppState, at seconds: Double) {
            _ = meter.changeState(
                AppStateChange(from: from, to: to, time: .seconds(seconds)), launch: 1, reason: .user, date: Date(),
                freezesLater: true)
        }
        change(.notRunning, .background, at: 0)
        change(.background, .suspended, at: 10)
        change(.suspended, .background, at: 11)
        change(.background, .suspended, at: 12)
        meter.appFrozen(at: .seconds(12.1)) { false }  // the first freeze's, a thaw since
        usage.spendAppCPU(0.3)
        meter.appFrozen(at: .seconds(12.2)) { true }  // the second's
        usage.spendAppCPU(0.5)
        let totals = meter.status(at: .seconds(20), exits: AppExitCounts()).status.totals
        #expect(abs((totals[AppState.background.rawValue]?.cpuSeconds ?? 0) - 0.3) < 1e-9, "\(totals)")
        #expect(abs((totals[AppState.suspended.rawValue]?.cpuSeconds ?? 0) - 0.5) < 1e-9, "\(totals)")
    }

    /// A suspension whose process freezes later reads nothing from the kernel: the CPU used
    /// before it, read at the freeze, is the background's — the app's and the system's.
    @Test func aSuspensionThatFreezesLaterLeavesTheReadingToTheFreeze() {
        let usage = CountingUsageSource()
        let meter = EnergyMeter(source: usage, log: nil, at: .zero)
        _ = meter.changeState(
            AppStateChange(from: .notRunning, to: .background, time: .zero), launch: 1, reason: .user, date: Date(),
            freezesLater: true)
        usage.spend(app: 1, system: 0.5)
        let readingsBefore = usage.readings
        _ = meter.changeState(
            AppStateChange(from: .background, to: .suspended, time: .seconds(10)), launch: 1, reason: .user, date: Date(),
            freezesLater: true)
        #expect(usage.readings == readingsBefore, "the suspension read nothing")
        usage.spend(app: 0.25, system: 0.125)
        meter.appFrozen(at: .seconds(10.1)) { true }
        usage.spend(app: 2, system: 0)
        let totals = meter.status(at: .seconds(20), exits: AppExitCounts()).status.totals
        let background = totals[AppState.background.rawValue], suspended = totals[AppState.suspended.rawValue]
        #expect(background?.cpuSeconds == 1.25 && background?.systemCPUSeconds == 0.625, "\(totals)")
        #expect(suspended?.cpuSeconds == 2 && suspended?.systemCPUSeconds == 0, "\(totals)")
        #expect(background?.seconds == 10, "the time is split at the suspension")
    }

    /// A ledger of an app launched at 0 s that used 2 s of CPU in the background and was
    /// suspended at 10 s with a thread at 2 s, and the usage then.
    private static func ledgerOfAnAppGoneHome(freezesLater: Bool) -> (EnergyLedger, UsageSample) {
        var usage = UsageSample()
        var ledger = EnergyLedger(sample: usage, at: 0)
        _ = ledger.changeState(AppStateChange(from: .notRunning, to: .background, time: .zero), launch: 1, reason: .user, date: Date(), threads: nil)
        usage.appCPUSeconds = 2
        ledger.advance(to: 10, sample: usage)
        _ = ledger.changeState(
            AppStateChange(from: .background, to: .suspended, time: .seconds(10)), launch: 1, reason: .user, date: Date(),
            threads: [ThreadUsage(id: 7, name: "spinner", cpuSeconds: 2)], freezesLater: freezesLater)
        return (ledger, usage)
    }

    @Test func aStrayMomentOfCPUIsNotReported() {
        let device = makeWorkerDevice()
        device.launch()
        device.pressHome()
        device.usage.spendAppCPU(0.2, onThread: "spinner")
        device.advance(by: .seconds(60))
        device.openApp()
        #expect(device.diagnosticMessages(.ranWhileSuspended).isEmpty)
    }

    /// A thread of the app that spun is found by the source, with the CPU the kernel counted
    /// for it — read here from the thread's own `stat`, not through the source — once it has
    /// stopped spinning, so that both readings are of the same count.
    @Test func aRealThreadSpinningInThisProcessIsSeenByTheKernelReadings() async throws {
        let spinning = Atomic<Bool>(true)
        let release = DispatchSemaphore(value: 0)
        let started = Atomic<Int32>(0)
        let thread = Thread {
            // As a thread the app's code starts: it carries the name of the app's main thread.
            ThreadName.set(LiveDriver.appThreadName)
            started.store(ThreadUsage.currentThreadID, ordering: .releasing)
            var count = 0
            while spinning.load(ordering: .relaxed) { count &+= 1 }
            release.wait()  // parked: asleep, its CPU time no longer grows
        }
        thread.start()
        defer {
            spinning.store(false, ordering: .relaxed)
            release.signal()
        }
        #expect(await waitUntil { started.load(ordering: .acquiring) != 0 })
        let id = started.load(ordering: .acquiring)
        // Waits, for a bounded time, until the kernel has counted 0.3 s of the spinner's CPU.
        try #require(await waitUntil { (Self.kernelCPUSeconds(ofThread: id) ?? 0) >= 0.3 }, "the spinner got no 0.3 s of CPU")
        spinning.store(false, ordering: .relaxed)
        try #require(await waitUntil { Self.isSleeping(thread: id) }, "the spinner never parked")
        let counted = try #require(Self.kernelCPUSeconds(ofThread: id))
        let source = AppThreadsUsageSource()
        let spinner = try #require(source.appThreads().first { $0.id == id }, "the source finds the thread by its name")
        #expect(abs(spinner.cpuSeconds - counted) < 1e-9, "the source reads the kernel's count of the thread")
        #expect(source.sample().appCPUSeconds >= counted)
    }

    /// The CPU seconds the kernel counted for thread `id` of this process: `utime` and `stime`
    /// of its `stat` (fields 14 and 15).
    private static func kernelCPUSeconds(ofThread id: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func theWakeUpsOfTheAppsOwnThreadAreCountedAsTheApps() async throws {
        let waking = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let started = Atomic<Int32>(0)
        let thread = Thread {
            ThreadName.set(LiveDriver.appThreadName)
            started.store(ThreadUsage.currentThreadID, ordering: .releasing)
            // Each wait on a semaphore the test signals is a sleep and a wake-up.
            for _ in 0..<100 { waking.wait() }
            done.signal()
            release.wait()
        }
        thread.start()
        defer { release.signal() }
        #expect(await waitUntil { started.load(ordering: .acquiring) != 0 })
        let id = started.load(ordering: .acquiring)
        for _ in 0..<100 {
            // Signalled only once the thread sleeps in its wait: each signal is a wake-up.
            #expect(await waitUntil { Self.isSleeping(thread: id) })
            waking.signal()
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                done.wait()
                continuation.resume()
            }
        }
        let (sample, threads) = AppThreadsUsageSource().sampleWithAppThreads()
        let waker = try #require(threads.first { $0.id == id })
        #expect(waker.wakeUps >= 100, "each of the 100 waits slept")
        #expect(sample.wakeUps >= waker.wakeUps)
    }

    /// Whether thread `id` of this process sleeps (`S` in its `stat`).
    private static func isSleeping(thread id: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first == "S"
    }

    @Test func aStatusFileGivesItsVoluntarySwitches() {
        let status = "Name:\tworker\nState:\tS (sleeping)\nvoluntary_ctxt_switches:\t4242\nnonvoluntary_ctxt_switches:\t7\n"
        #expect(ThreadUsage.parseWakeUps(status: Array(status.utf8)) == 4242)
        #expect(ThreadUsage.parseWakeUps(status: Array("Name:\tworker\nvoluntary_ctxt_switches:\tmany\n".utf8)) == nil)
        #expect(ThreadUsage.parseWakeUps(status: [UInt8]()) == nil)
    }

    @Test func aLiveDevicesThreadsCarryNamesTheKernelKeeps() async {
        let device = Device(infoPlist: InfoPlist(), consoleOutput: { _ in }) { _ in RecordingDelegate(log: AppLog()) }
        defer { device.shutdown() }
        device.launch()
        await device.waitUntilIdle()
        // A job on the system's timer thread: it has started, and named itself.
        await withCheckedContinuation { continuation in
            _ = device.loop.schedule(after: .zero) { continuation.resume() }
        }
        // A name longer than 15 bytes is refused by the kernel (ERANGE), and the thread keeps
        // its creator's — a Dispatch worker's, which would count as the app's.
        let names = Set(ThreadUsage.threadsOfThisProcess().map(\.name))
        #expect(names.isSuperset(of: ["system-timers", "console-writer"]))
        // The thread that runs the app's jobs carries `app-main` while it does.
        let appThread = await device.runInApp { _ in
            (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
        }
        #expect(appThread == "app-main")
        #expect(device.energy.meter.source is KernelUsageSource)
    }

    @Test func aServiceWorkingOnDispatchThreadsWhileTheAppIsSuspendedBillsNothingToTheApp() async throws {
        let device = Device(infoPlist: InfoPlist(), consoleOutput: { _ in }) { _ in RecordingDelegate(log: AppLog()) }
        defer { device.shutdown() }
        device.launch()
        device.pressHome()
        #expect(await waitUntil { device.appState == .suspended })
        // A service's work on Dispatch's shared workers (a transfer's writes, a decoder): a
        // second of CPU, more than the ran-while-suspended rule's half second.
        let worker = Atomic<Int32>(0)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                worker.store(ThreadUsage.currentThreadID, ordering: .releasing)
                // The thread's own CPU clock, which always moves while it spins.
                let start = ThreadCPUClock.nanoseconds
                while ThreadCPUClock.nanoseconds - start < 1_000_000_000 {
                    for _ in 0..<100_000 { _ = ProcessInfo.processInfo.systemUptime }
                }
                continuation.resume()
            }
        }
        let workerID = worker.load(ordering: .acquiring)
        #expect(!device.energy.meter.source.appThreads().contains { $0.id == workerID })
        device.openApp()
        await device.waitUntilIdle()
        // No diagnostic names the worker. (The app's whole account is not checked here: in a
        // test process hundreds of tests share Dispatch's workers, and one that a device's app
        // thread created carries that thread's name — the known limit of thread mode's rule.)
        #expect(!device.diagnostics.recent.contains { $0.message.contains("thread \(workerID) ") }, "\(device.diagnostics.recent)")
    }

    @Test func aThreadTheAppsCodeStartsIsTheAppsThoughItCarriesTheMainThreadsName() async throws {
        let device = Device(infoPlist: InfoPlist(), consoleOutput: { _ in }) { _ in RecordingDelegate(log: AppLog()) }
        defer { device.shutdown() }
        device.launch()
        let started = Atomic<Int32>(0)
        let stop = Atomic<Bool>(false)
        defer { stop.store(true, ordering: .relaxed) }
        await device.runInApp { _ in
            Thread {
                started.store(ThreadUsage.currentThreadID, ordering: .releasing)
                while !stop.load(ordering: .relaxed) { usleep(1_000) }
            }.start()
        }
        #expect(await waitUntil { started.load(ordering: .acquiring) != 0 })
        let id = started.load(ordering: .acquiring)
        let thread = try #require(ThreadUsage.threadsOfThisProcess().first { $0.id == id })
        #expect(thread.name.hasPrefix("app-main"), "a new thread inherits the name of the thread that starts it")
        #expect(device.energy.meter.source.appThreads().contains { $0.id == id })
    }
}
