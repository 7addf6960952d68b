import AsyncHTTPClient
import BackgroundSystem
import BackgroundPlatform
import BackgroundWire
import Foundation
import NIOCore
import NIOSSL
import NewsstandWire
import Synchronization

/// The system's transfer service: the part nsurlsessiond (with Newsstand Kit's daemon) plays
/// on iOS.
///
/// Downloads run here, on Swift's global executor and the HTTP client's event loops — never
/// on the app's executor — so they go on while the app is suspended or not running. Their
/// state lives in SQLite (``LibraryStore``), checkpointed every
/// ``TransferOptions/checkpointInterval`` bytes after an fsync, so that ``start()`` after a
/// kill resumes each unfinished download with `Range` and `If-Range` where it stopped.
///
/// A download does not keep the app running: the app is suspended as usual while the service
/// downloads (unless a debugger is attached). The app's ``Library`` talks to the service only
/// by messages (``NewsstandServiceCall``, ``NewsstandServiceEvent``), in the system's process
/// or in its own, and names downloads by the identifiers the service gave: it hears progress
/// only while its code runs (a suspended app gets none; the next call counts every byte since
/// the last); a finished or failed download wakes the app, or launches it with
/// ``LaunchReason/newsstand`` when it is not running — unless the user swiped it away.
/// The rules and their sources are ``Rule/newsstand``. Every deadline (retry backoff, the
/// stall watchdog) is a timer on the device's loop. Every method is safe from any thread.
public final class TransferService: Sendable {
    public let device: Device
    public let store: LibraryStore
    public let directories: NewsstandDirectories
    public let options: TransferOptions
    let state = Mutex(State())
    /// The service's end of the library's channel.
    let host: ServiceHost<NewsstandService>

    struct State {
        var transfers: [String: RunningTransfer] = [:]
        /// The downloads the app's delegates wait for in this launch (``Library`` calls
        /// ``NewsstandServiceCall/download(asset:)``).
        var attached: Set<String> = []
        /// The downloads whose end was sent to the app and not yet handed over.
        var delivering: Set<String> = []
        /// Whether the app's code runs (it is neither suspended nor ended): only then is
        /// progress sent.
        var appRuns = false
        var isStarted = false
        var observer: Int?
        var nextGeneration = 1
        var isShutDown = false
    }

    /// What the service knows of one download it is running, between attempts too.
    struct RunningTransfer {
        var task: Task<Void, Never>?
        var generation = 0
        var stopReason: StopReason?
        var retryTimer: SystemTimer?
        var watchdog: SystemTimer?
        var receivedInWindow: Int64 = 0
        var written: Int64 = 0
        var expected: Int64?
        var unreportedBytes: Int64 = 0
        var progressPosted = false
        var retries = RetryCounter()
        var isPaused = false
    }

    /// Why the service cancels a running attempt.
    enum StopReason {
        case paused, removed, shutdown
        case stalled(bytes: Int64)
    }

    /// Opens the library in `dataDirectory/newsstand/`. A database that cannot be opened is
    /// moved aside (never deleted) and a new one is started, with a console line that says so.
    public init(device: Device, dataDirectory: URL, options: TransferOptions = TransferOptions()) {
        self.device = device
        self.options = options
        let directories = NewsstandDirectories(dataDirectory: dataDirectory)
        self.directories = directories
        store = Self.openStore(directories, console: device.console)
        host = ServiceHost(device: device)
        host.answerCalls { [weak self] call in self?.answer(call) }
    }

    private static func openStore(_ directories: NewsstandDirectories, console: Console) -> LibraryStore {
        do {
            try directories.create()
            return try LibraryStore(path: directories.database.path)
        } catch {
            let aside = directories.database.path + ".unreadable-\(Int(Date().timeIntervalSince1970))"
            try? FileManager.default.moveItem(atPath: directories.database.path, toPath: aside)
            console.log("Newsstand: cannot open \(directories.database.path) (\(error)); moved it to \(aside) and started an empty library")
            if let store = try? LibraryStore(path: directories.database.path) { return store }
            console.log("Newsstand: cannot create \(directories.database.path); the library lives in memory until the next launch")
            return try! LibraryStore(path: ":memory:")
        }
    }


    // MARK: Starting and stopping

    /// Watches the app's state (for the background rules) and resumes every unfinished
    /// download, as the system does after a reboot or a crash.
    public func start() {
        let isNew = state.withLock { state -> Bool in
            guard !state.isStarted, !state.isShutDown else { return false }
            state.isStarted = true
            return true
        }
        guard isNew else { return }
        let observer = device.observers.observeStateChanges { [weak self] change in self?.appStateChanged(change) }
        state.withLock { state in
            state.observer = observer
            state.appRuns = device.appState.isRunning
        }
        for asset in (try? store.assets()) ?? [] where asset.phase == .downloading {
            launchAttempt(asset.id)
        }
    }

    /// Stops every download where it is (their state stays for the next start), stops
    /// watching the app, and returns once the downloads' last bytes are written.
    public func shutdown() async {
        let (observer, tasks) = state.withLock { state -> (Int?, [Task<Void, Never>]) in
            state.isShutDown = true
            var tasks: [Task<Void, Never>] = []
            for (id, var transfer) in state.transfers {
                device.loop.cancel(transfer.retryTimer)
                device.loop.cancel(transfer.watchdog)
                if let task = transfer.task {
                    transfer.stopReason = .shutdown
                    tasks.append(task)
                }
                state.transfers[id] = transfer
            }
            defer { state.observer = nil }
            return (state.observer, tasks)
        }
        if let observer { device.observers.removeStateObserver(observer) }
        tasks.forEach { $0.cancel() }
        for task in tasks { await task.value }
    }

    // MARK: Attempts

    /// Starts an attempt of download `id` unless one is running, waiting for a retry, or paused.
    func launchAttempt(_ id: String) {
        state.withLock { state in
            guard !state.isShutDown else { return }
            var transfer = state.transfers[id] ?? RunningTransfer()
            guard transfer.task == nil, transfer.retryTimer == nil, !transfer.isPaused else { return }
            let generation = state.nextGeneration
            state.nextGeneration += 1
            transfer.generation = generation
            transfer.receivedInWindow = 0
            transfer.watchdog = scheduleWatchdog(id, generation: generation)
            transfer.task = Task { [self] in
                let result: Result<AttemptOutcome, TransferError>
                do throws(TransferError) {
                    result = .success(try await runAttempt(id))
                } catch {
                    result = .failure(error)
                }
                attemptEnded(id, generation: generation, result: result)
            }
            state.transfers[id] = transfer
        }
    }

    private func scheduleWatchdog(_ id: String, generation: Int) -> SystemTimer {
        device.loop.schedule(after: options.stallWindow) { [weak self] in
            self?.watchdogFired(id, generation: generation)
        }
    }

    /// Every stall window: an attempt that received too little is stopped and retried.
    private func watchdogFired(_ id: String, generation: Int) {
        let task = state.withLock { state -> Task<Void, Never>? in
            guard var transfer = state.transfers[id], transfer.generation == generation, let task = transfer.task else {
                return nil
            }
            defer { state.transfers[id] = transfer }
            guard transfer.receivedInWindow < options.minimumBytesPerWindow else {
                transfer.receivedInWindow = 0
                transfer.watchdog = scheduleWatchdog(id, generation: generation)
                return nil
            }
            transfer.watchdog = nil
            transfer.stopReason = .stalled(bytes: transfer.receivedInWindow)
            return task
        }
        task?.cancel()
    }

    /// What to do once an attempt ended, decided under the lock and done outside it.
    private enum Next {
        case nothing
        case finished
        /// Start again at once: after a restart from zero (with why), or a pause the app outran.
        case relaunch(String?)
        case retry(TransferError, after: Duration, attempt: Int, of: Int)
        case fail(TransferError)
    }

    private func attemptEnded(_ id: String, generation: Int, result: Result<AttemptOutcome, TransferError>) {
        let next = state.withLock { state -> Next in
            guard var transfer = state.transfers[id], transfer.generation == generation else { return .nothing }
            device.loop.cancel(transfer.watchdog)
            transfer.watchdog = nil
            transfer.task = nil
            var result = result
            switch transfer.stopReason {
            case .removed?, .shutdown?:
                state.transfers[id] = nil
                return .nothing
            case .paused?:
                transfer.stopReason = nil
                state.transfers[id] = transfer
                guard device.appState.isRunning else {
                    state.transfers[id]?.isPaused = true
                    return .nothing
                }
                return .relaunch(nil)
            case .stalled(let bytes)?:
                transfer.stopReason = nil
                result = .failure(.stalled(bytes: bytes, seconds: Int(options.stallWindow.seconds)))
            case nil:
                break
            }
            let error: TransferError
            switch result {
            case .success(.complete):
                state.transfers[id] = nil
                return .finished
            case .success(.restart(let reason)):
                error = .network(reason)
            case .failure(let failure) where failure.isRetryable:
                error = failure
            case .failure(let failure):
                state.transfers[id] = nil
                return .fail(failure)
            }
            switch transfer.retries.failed(error, written: transfer.written, options: options) {
            case .giveUp(let failure):
                state.transfers[id] = nil
                return .fail(failure)
            case .retry(let delay, let attempt, let limit):
                if case .success(.restart(let reason)) = result {
                    state.transfers[id] = transfer
                    return .relaunch(reason)
                }
                transfer.retryTimer = device.loop.schedule(after: delay) { [weak self] in self?.retryFired(id) }
                state.transfers[id] = transfer
                return .retry(error, after: delay, attempt: attempt, of: limit)
            }
        }
        switch next {
        case .nothing:
            break
        case .finished:
            finish(id)
        case .relaunch(let reason):
            if let reason { device.console.log("Newsstand: \(reason); restarting the download from zero") }
            launchAttempt(id)
        case .retry(let error, let delay, let attempt, let limit):
            device.console.log(
                "Newsstand: \(error); retrying in \(Int(delay.seconds)) s (retry \(attempt) of \(limit))")
        case .fail(let error):
            fail(id, error)
        }
    }

    private func retryFired(_ id: String) {
        let isWaiting = state.withLock { state -> Bool in
            guard state.transfers[id]?.retryTimer != nil else { return false }
            state.transfers[id]?.retryTimer = nil
            return true
        }
        if isWaiting { launchAttempt(id) }
    }

    private func finish(_ id: String) {
        guard let asset = record(id, as: .finished, "downloaded") else { return }
        device.console.log(
            "Newsstand: downloaded \(asset.fileName ?? asset.url) (\(ByteCount.text(asset.bytesWritten))) for issue \(asset.issueName)")
        scheduleDelivery(id)
    }

    private func fail(_ id: String, _ error: TransferError) {
        try? FileManager.default.removeItem(at: directories.partFile(ofAsset: id))
        guard let asset = record(id, as: .failed, error: error, "failed: \(error)") else { return }
        device.console.log("Newsstand: the download of \(asset.url) for issue \(asset.issueName) failed: \(error)")
        scheduleDelivery(id)
    }

    /// Records how download `id` ended. When the library cannot record it (a full disk), says
    /// so with `outcome` instead of going silent; the record stays as it was, so the next
    /// launch takes the download up again.
    private func record(_ id: String, as phase: AssetPhase, error: TransferError? = nil, _ outcome: String) -> AssetRecord? {
        do {
            return try store.update(id) { $0.phase = phase; $0.error = error }
        } catch {
            let url = (try? store.asset(id))?.url ?? "asset \(id)"
            device.console.log("Newsstand: the download of \(url) \(outcome); the library cannot record it (\(error)), so the next launch takes it up again")
            return nil
        }
    }

    /// Stops the running attempts of `ids` (and their pending retries) for `reason`.
    func stop(_ ids: [String], _ reason: StopReason) {
        let tasks = state.withLock { state -> [Task<Void, Never>] in
            var tasks: [Task<Void, Never>] = []
            for id in ids {
                guard var transfer = state.transfers[id] else { continue }
                device.loop.cancel(transfer.retryTimer)
                transfer.retryTimer = nil
                if let task = transfer.task {
                    transfer.stopReason = reason
                    tasks.append(task)
                    state.transfers[id] = transfer
                } else if case .paused = reason {
                    transfer.isPaused = true
                    state.transfers[id] = transfer
                } else {
                    state.transfers[id] = nil
                }
            }
            return tasks
        }
        tasks.forEach { $0.cancel() }
    }

    // MARK: Progress

    /// Counts `bytes` that reached the disk, and sends the app a progress event unless one is
    /// on its way, too little came since the last, or no delegate of this launch waits for the
    /// download (events coalesce, so a fast download never floods the app). A suspended app
    /// gets none: the first after it runs again counts every byte since the last it took.
    func received(_ id: String, bytes: Int64, totalWritten: Int64, expected: Int64?) {
        device.energy.recordNetwork(bytes: Int(bytes))
        let reported = state.withLock { state -> Int64? in
            guard var transfer = state.transfers[id] else { return nil }
            defer { state.transfers[id] = transfer }
            transfer.written = totalWritten
            transfer.expected = expected
            transfer.receivedInWindow += bytes
            transfer.unreportedBytes += bytes
            let threshold = max(Self.minimumProgressStep, (expected ?? 0) / 1000)
            guard !transfer.progressPosted, transfer.unreportedBytes >= threshold, state.appRuns, state.attached.contains(id)
            else { return nil }
            transfer.progressPosted = true
            let reported = transfer.unreportedBytes
            transfer.unreportedBytes = 0
            return reported
        }
        guard let reported else { return }
        if post(.progress(asset: id, bytes: reported, total: totalWritten, expected: expected)) { return }
        // Not sent (the app is suspended or not running): the bytes wait for the next event.
        state.withLock { state in
            state.transfers[id]?.progressPosted = false
            state.transfers[id]?.unreportedBytes += reported
        }
    }

    /// The fewest bytes a progress event reports (or a thousandth of the file, if more).
    static let minimumProgressStep: Int64 = 64 << 10

    /// The app took the progress event of download `id`: the next one may be sent.
    func tookProgress(ofAsset id: String) {
        state.withLock { $0.transfers[id]?.progressPosted = false }
    }

    /// Bytes on disk and the expected total of a download, live while it runs.
    public func progress(ofAsset id: String) -> (written: Int64, expected: Int64?)? {
        if let live = state.withLock({ state in state.transfers[id].map { ($0.written, $0.expected) } }), live.0 > 0 {
            return live
        }
        return (try? store.asset(id)).flatMap { $0.map { ($0.bytesWritten, $0.expectedBytes) } }
    }

    /// Tells the app, if its code runs now, that a resumed download goes on from `totalWritten`.
    func resumed(_ id: String, totalWritten: Int64, expected: Int64?) {
        let isAttached = state.withLock { state in
            state.transfers[id]?.written = totalWritten
            state.transfers[id]?.expected = expected
            return state.attached.contains(id)
        }
        if isAttached { post(.resumed(asset: id, total: totalWritten, expected: expected)) }
    }
}
