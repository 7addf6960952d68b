import BackgroundSystem
import BackgroundPlatform
import BackgroundWire
import Foundation
import NewsstandWire
import Synchronization

/// The system's side of background URL sessions' downloads: the part nsurlsessiond plays.
///
/// The state machine decides when a transfer runs (discretionary transfers wait for power and
/// the network, the resume rate limiter delays some); this service follows it: each transfer
/// `status` shows `running` is downloaded over HTTP(S) with ``HTTPDownload`` into
/// `dataDirectory/system/background-transfers/`, on Swift's global executor and the HTTP
/// client's event loops, never the app's executor, so it goes on while the app is suspended or
/// not running. A failed attempt is retried with backoff (``RetryCounter``), resuming with
/// `Range` from the part file; the record saved at each checkpoint lets a new service resume it
/// too. The end goes to ``Device/endTransfer(_:)`` from the device's loop: the finished file's
/// path, or a failure in `NSURLErrorDomain` whose message names what was wrong, with resume data
/// when the bytes so far can be resumed (`+ResumeData.swift`). A transfer the app cancelled for
/// its resume data (`cancelling`) is stopped and ended with it; one that stops running without
/// the service otherwise (`transfer end`, a force quit) is stopped and its files removed. Every
/// method is safe from any thread.
public final class BackgroundSessionTransferService: Sendable {
    public let device: Device
    /// Where the part files, their records and the finished files are.
    public let directory: URL
    public let options: TransferOptions
    private let state = Mutex(State())

    private struct State {
        var carried: [Int: Carried] = [:]
        /// Set while the service follows the machine (from ``start()`` to ``shutdown()``).
        var observer: Int?
        var isShutDown = false
        /// The revision of the machine's transfers last followed.
        var followed: Int?
        /// How many times the service followed a change of the transfers, for tests: a change
        /// the device announces that leaves the transfers alone is not followed.
        var follows = 0
        /// The transfers the app cancelled for their resume data that the service is ending.
        var cancelling: Set<Int> = []
    }

    /// A transfer the service carries, between attempts too.
    private struct Carried {
        let url: String
        /// The resume data it was made with (`downloadTask(withResumeData:)`).
        let resume: DownloadResumeData?
        var task: Task<Void, Never>?
        var retryTimer: SystemTimer?
        var retries = RetryCounter()
        var written: Int64 = 0
    }

    /// The service of the device, keeping its files under `dataDirectory`.
    public init(device: Device, dataDirectory: URL, options: TransferOptions = TransferOptions()) {
        self.device = device
        self.options = options
        directory = dataDirectory.appendingPathComponent("system", isDirectory: true)
            .appendingPathComponent("background-transfers", isDirectory: true)
    }

    /// The file a finished transfer `task` is handed to the app in (iOS names it `CFNetworkDownload_….tmp`).
    public func finishedFile(ofTask task: Int) -> URL {
        directory.appendingPathComponent("CFNetworkDownload_\(task).tmp")
    }

    /// How many times the service followed a change of the machine's transfers (for tests).
    var follows: Int { state.withLock { $0.follows } }

    func partFile(ofTask task: Int) -> URL { directory.appendingPathComponent("\(task).part") }

    func recordFile(ofTask task: Int) -> URL { directory.appendingPathComponent("\(task).json") }

    /// Follows the state machine's transfers from now on, starting those it runs.
    public func start() {
        // Watching before the first look, so that no change falls between the two.
        let observer = device.observers.observeChanges { [weak self] in self?.follow() }
        let isFirst = state.withLock { state -> Bool in
            guard state.observer == nil, !state.isShutDown else { return false }
            state.observer = observer
            return true
        }
        guard isFirst else {
            device.observers.removeChangeObserver(observer)
            return
        }
        follow()
    }

    /// Stops every download where it is (its part file and record stay for the next service)
    /// and returns once their last bytes are written.
    public func shutdown() async {
        let (observer, tasks) = state.withLock { state -> (Int?, [Task<Void, Never>]) in
            state.isShutDown = true
            defer { state.observer = nil }
            var tasks: [Task<Void, Never>] = []
            for carried in state.carried.values {
                device.loop.cancel(carried.retryTimer)
                if let task = carried.task { tasks.append(task) }
            }
            state.carried.removeAll()
            return (state.observer, tasks)
        }
        if let observer { device.observers.removeChangeObserver(observer) }
        tasks.forEach { $0.cancel() }
        for task in tasks { await task.value }
    }

    /// Starts the transfers the machine runs and the service does not carry yet; stops those
    /// it carries that the machine no longer runs (keeping their files while they wait, removing
    /// them once they ended without the service). The device announces every change `status`
    /// shows (a screen's snapshot too); the transfers are read, and followed, only when they
    /// changed.
    private func follow() {
        let followed = state.withLock { $0.followed }
        guard let (revision, transfers) = device.backgroundTransfers(changedSince: followed) else { return }
        let listed = Dictionary(transfers.map { ($0.task, $0) }, uniquingKeysWith: { first, _ in first })
        let (starts, stops, ended, cancels) = state.withLock { state -> ([Int], [Task<Void, Never>], [Int], [(Int, String)]) in
            // A newer revision may have been followed meanwhile, from another thread.
            guard state.observer != nil, !state.isShutDown, state.followed.map({ $0 < revision }) ?? true else {
                return ([], [], [], [])
            }
            state.followed = revision
            state.follows += 1
            var stops: [Task<Void, Never>] = []
            var ended: [Int] = []
            for (id, carried) in state.carried {
                let transfer = listed[id]
                guard transfer?.phase != .running || transfer?.url != carried.url else { continue }
                device.loop.cancel(carried.retryTimer)
                if let task = carried.task { stops.append(task) }
                state.carried[id] = nil
                if transfer == nil || transfer?.phase == .ended { ended.append(id) }
            }
            let starts = listed.values.filter { $0.phase == .running && state.carried[$0.task] == nil }.map(\.task).sorted()
            for id in starts { state.carried[id] = Carried(url: listed[id]!.url, resume: listed[id]!.resume) }
            let cancels = listed.values.filter { $0.phase == .cancelling && state.cancelling.insert($0.task).inserted }
                .sorted { $0.task < $1.task }.map { ($0.task, $0.url) }
            return (starts, stops, ended, cancels)
        }
        stops.forEach { $0.cancel() }
        if !ended.isEmpty || !cancels.isEmpty {
            Task { [self] in
                for task in stops { await task.value }
                ended.forEach(removeFiles(ofTask:))
                for (id, url) in cancels { endCancelled(id, url: url) }
            }
        }
        for id in starts { launchAttempt(id) }
    }

    /// Transfer `id`, cancelled by the app for its resume data, has stopped: it ends with -999
    /// and the resume data, if its bytes can be resumed.
    private func endCancelled(_ id: Int, url: String) {
        let error = BackgroundTransferError(
            code: BackgroundTransferError.cancelledCode, message: "cancelled", resumeData: makeResumeData(ofTask: id, url: url))
        device.loop.schedule(after: .zero) { [weak self] in
            self?.device.endTransfer(.failed(task: id, error))
            self?.state.withLock { _ = $0.cancelling.remove(id) }
        }
    }

    // MARK: Attempts

    private func launchAttempt(_ id: Int) {
        state.withLock { state in
            guard !state.isShutDown, var carried = state.carried[id], carried.task == nil else { return }
            let (url, resume) = (carried.url, carried.resume)
            carried.retryTimer = nil
            carried.task = Task { [self] in
                let result: Result<AttemptOutcome, TransferError>
                do throws(TransferError) {
                    result = .success(try await runAttempt(id, url: url, resume: resume))
                } catch {
                    result = .failure(error)
                }
                attemptEnded(id, result: result)
            }
            state.carried[id] = carried
        }
    }

    private func runAttempt(_ id: Int, url: String, resume: DownloadResumeData?) async throws(TransferError) -> AttemptOutcome {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .disk("\(directory.path): \(error.localizedDescription)")
        }
        if let resume { try adopt(resume, ofTask: id) }
        let saved = savedRecord(ofTask: id, url: url)
        let recordFile = recordFile(ofTask: id)
        let bootID = options.bootID
        let record = Mutex(SessionTransferRecord(url: url, saved: saved))
        let save: @Sendable ((inout HTTPDownload.Saved) -> Void) -> Void = { change in
            let data = record.withLock { record -> Data? in
                change(&record.saved)
                return try? JSONEncoder().encode(record)
            }
            if let data { try? data.write(to: recordFile, options: .atomic) }
        }
        let console = device.console
        let download = HTTPDownload(
            url: url, headers: [:], part: try PartFile(url: partFile(ofTask: id)), options: options,
            log: { console.log("Background transfer \(id): \($0)") },
            accept: { accepted in
                save { saved in
                    saved.bytesWritten = accepted.start
                    saved.expectedBytes = accepted.expected
                    saved.etag = accepted.head.headers.first(name: "ETag")
                    saved.lastModified = accepted.head.headers.first(name: "Last-Modified")
                    saved.bootID = bootID
                }
            },
            restart: { save { $0 = HTTPDownload.Saved() } },
            checkpoint: { offset in save { $0.bytesWritten = offset } },
            progress: { [weak self] bytes, total, _ in self?.received(id, bytes: bytes, total: total) })
        let offset = try download.resumeOffset(after: saved)
        if offset > 0 { console.log("Background transfer \(id): resuming \(url) at byte \(offset) (\(ByteCount.text(offset)))") }
        return try await download.attempt(at: offset, saved: saved)
    }

    /// The record a previous attempt (or service) saved for transfer `id` of `url`; a fresh one,
    /// with no part file, when there is none or it was another URL's.
    private func savedRecord(ofTask id: Int, url: String) -> HTTPDownload.Saved {
        if let data = try? Data(contentsOf: recordFile(ofTask: id)),
            let record = try? JSONDecoder().decode(SessionTransferRecord.self, from: data), record.url == url
        {
            return record.saved
        }
        removeFiles(ofTask: id)
        return HTTPDownload.Saved()
    }

    private func received(_ id: Int, bytes: Int64, total: Int64) {
        device.energy.recordNetwork(bytes: Int(bytes))
        state.withLock { $0.carried[id]?.written = total }
    }

    /// What follows an attempt, decided under the lock and done outside it.
    private enum Next {
        case nothing
        case relaunch(String)
        case retry(TransferError, after: Duration, attempt: Int, of: Int)
        case finish
        /// The transfer fails with `error`; the app hears the code of `cause` (the last attempt's error).
        case fail(TransferError, cause: TransferError)
    }

    private func attemptEnded(_ id: Int, result: Result<AttemptOutcome, TransferError>) {
        let next = state.withLock { state -> Next in
            guard var carried = state.carried[id], carried.task != nil else { return .nothing }
            carried.task = nil
            defer { state.carried[id] = carried }
            let error: TransferError
            switch result {
            case .success(.complete):
                return .finish
            case .success(.restart(let reason)):
                error = .network(reason)
            case .failure(let failure) where failure.isRetryable:
                error = failure
            case .failure(let failure):
                return .fail(failure, cause: failure)
            }
            switch carried.retries.failed(error, written: carried.written, options: options) {
            case .giveUp(let failure):
                return .fail(failure, cause: error)
            case .retry(let delay, let attempt, let limit):
                if case .success(.restart(let reason)) = result { return .relaunch(reason) }
                carried.retryTimer = device.loop.schedule(after: delay) { [weak self] in self?.launchAttempt(id) }
                return .retry(error, after: delay, attempt: attempt, of: limit)
            }
        }
        switch next {
        case .nothing:
            break
        case .relaunch(let reason):
            device.console.log("Background transfer \(id): \(reason); restarting the download from zero")
            launchAttempt(id)
        case .retry(let error, let delay, let attempt, let limit):
            device.console.log("Background transfer \(id): \(error); retrying in \(Int(delay.seconds)) s (retry \(attempt) of \(limit))")
        case .finish:
            end(id, finished(id))
        case .fail(let error, let cause):
            let url = state.withLock { $0.carried[id]?.url }
            let resumeData = cause.isRetryable ? url.flatMap { makeResumeData(ofTask: id, url: $0) } : nil
            end(id, failed(id, error, code: cause.urlErrorCode, resumeData: resumeData))
        }
    }

    /// Tells the system that transfer `id` ended, from the device's loop (never the download's thread).
    private func end(_ id: Int, _ event: BackgroundTransferEvent) {
        device.loop.schedule(after: .zero) { [weak self] in
            guard let self else { return }
            state.withLock { _ = $0.carried.removeValue(forKey: id) }
            device.endTransfer(event)
        }
    }

    /// Transfer `id` is complete: its part file becomes the file handed to the app.
    private func finished(_ id: Int) -> BackgroundTransferEvent {
        let file = finishedFile(ofTask: id)
        try? FileManager.default.removeItem(at: file)
        do {
            try FileManager.default.moveItem(at: partFile(ofTask: id), to: file)
        } catch {
            let failure = TransferError.disk("\(file.path): \(error.localizedDescription)")
            return failed(id, failure, code: failure.urlErrorCode, resumeData: nil)
        }
        try? FileManager.default.removeItem(at: recordFile(ofTask: id))
        return .finished(task: id, location: file.path)
    }

    /// Transfer `id` failed with `error`: its files go (what `resumeData` names stays), and the
    /// app hears `NSURLErrorDomain`'s `code` with the error's sentence and the resume data.
    private func failed(_ id: Int, _ error: TransferError, code: Int, resumeData: Data?) -> BackgroundTransferEvent {
        removeFiles(ofTask: id)
        return .failed(task: id, BackgroundTransferError(code: code, message: error.description, resumeData: resumeData))
    }

    private func removeFiles(ofTask id: Int) {
        try? FileManager.default.removeItem(at: partFile(ofTask: id))
        try? FileManager.default.removeItem(at: recordFile(ofTask: id))
    }
}
