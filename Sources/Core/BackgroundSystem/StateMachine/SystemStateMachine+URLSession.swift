import BackgroundPlatform
import BackgroundWire
import Foundation

/// Background URL sessions (iOS 7; Apple, "Downloading files in the background"): transfers the
/// system carries on while the app is suspended or not running; when a session's transfers have
/// ended the app is resumed, or launched with reason transfer, into
/// `handleEventsForBackgroundURLSession`, makes the session again with the same identifier to
/// hear its events, and calls the completion handler; a force quit cancels the transfers (-999);
/// discretionary transfers wait for power and the network; the resume rate limiter delays
/// transfers the app creates in the background. The rules are `Rule.urlSession`.
extension SystemStateMachine {
    /// The app made background session `configuration` (or made it again after a relaunch): the
    /// events the system kept for it are handed to its delegate now.
    package mutating func makeBackgroundSession(
        _ configuration: BackgroundSessionConfiguration, ofLaunch launchNumber: Int, at moment: Moment
    ) -> [SystemEffect] {
        begin(moment)
        guard launch?.number == launchNumber else { return finish() }
        guard profile.hasBackgroundSessions else {
            report(
                .unavailableAPI,
                "URLSessionConfiguration.background(withIdentifier: \"\(configuration.identifier)\") does not exist in "
                    + "\(profile.name); \(profile.absence(of: .backgroundSessions))")
            return finish()
        }
        let id = configuration.identifier
        guard urlSessions.made.insert(id).inserted else {
            report(
                .duplicateBackgroundSession,
                "a background URLSession with identifier \(id) already exists in this launch; make each background "
                    + "session once and keep it (Apple: creating more than one session with the same identifier is an error)")
            return finish()
        }
        urlSessions.sessions[id] = configuration
        markChanged()
        let waiting = urlSessions.transfers(of: id).count { $0.phase == .ended }
        log("Background session \(id) made (discretionary: \(configuration.isDiscretionary), sends launch events: "
            + "\(configuration.sessionSendsLaunchEvents))" + (waiting > 0 ? "; \(waiting) event(s) kept for it" : ""))
        deliverSessionEvents(of: id)
        return finish()
    }

    /// The app created a download task in session `session` (`downloadTask(with:)`, `resume()`):
    /// the system's transfer service takes it now, or when its conditions hold and its
    /// `earliestBeginDate`, if any, has come. With `resumeData` (`downloadTask(withResumeData:)`)
    /// it resumes the download that data names, and `url` is not read; data that is not
    /// ``DownloadResumeData`` ends the task at once with -3003. `expectedBytes` is what the task
    /// says it sends and receives at most (iOS 11's hints). Answers its identifier; nil when the
    /// launch has not made the session.
    package mutating func addDownloadTask(
        session id: String, url: String, earliestBeginDate: Date? = nil, expectedBytes: Int64? = nil, resumeData: Data? = nil,
        ofLaunch launchNumber: Int, at moment: Moment
    ) -> (Int?, [SystemEffect]) {
        begin(moment)
        guard launch?.number == launchNumber, urlSessions.made.contains(id), let configuration = urlSessions.sessions[id] else {
            return (nil, finish())
        }
        let task = urlSessions.nextTask
        urlSessions.nextTask += 1
        let resume: DownloadResumeData?
        do throws(BackgroundTransferError) {
            resume = try resumeData.map(DownloadResumeData.init(data:))
        } catch {
            urlSessions.transfers[task] = BackgroundTransfer(
                id: task, session: id, url: "", isDiscretionary: configuration.isDiscretionary, phase: .ended,
                end: .failed(task: task, error))
            markChanged()
            log("Background transfer \(task) of session \(id) failed: \(error)")
            routeEvents(of: id)
            return (task, finish())
        }
        let inBackground = !appState.isForeground
        var transfer = BackgroundTransfer(
            id: task, session: id, url: resume?.url ?? url, isDiscretionary: configuration.isDiscretionary || inBackground,
            earliestBeginDate: earliestBeginDate, expectedBytes: expectedBytes, phase: .running, resume: resume)
        transfer.phase = inBackground && urlSessions.resumeDelayTimer != nil ? .delayed : phaseAllowed(for: transfer)
        urlSessions.transfers[task] = transfer
        markChanged()
        if transfer.phase == .scheduled { scheduleBeginDate(of: transfer) }
        let why = inBackground && !configuration.isDiscretionary ? " (discretionary: created in the background)" : ""
        let date = transfer.phase == .scheduled ? earliestBeginDate.map { ", \(ConsoleLine.timestamp($0))" } ?? "" : ""
        let from = resume.map { " from byte \($0.bytesReceived) (resume data)" } ?? ""
        log("Background transfer \(task) of session \(id): GET \(transfer.url)\(from) — \(transfer.phase.consoleText)\(date)\(why)")
        return (task, finish())
    }

    /// The app cancelled transfer `task` (`cancel()`, or `cancel(byProducingResumeData:)` when
    /// `producingResumeData`). A running transfer cancelled for its resume data is left to the
    /// transfer service, which stops it and ends it with -999 and the data
    /// (``BackgroundTransferPhase/cancelling``); any other ends now with -999, carrying the resume
    /// data it was made with, if any and asked for.
    mutating func cancelDownloadTask(
        _ task: Int, producingResumeData: Bool, ofLaunch launchNumber: Int, at moment: Moment
    ) -> [SystemEffect] {
        begin(moment)
        guard launch?.number == launchNumber, let transfer = urlSessions.transfers[task],
            urlSessions.made.contains(transfer.session), transfer.phase != .ended, transfer.phase != .cancelling
        else { return finish() }
        markChanged()
        if producingResumeData, transfer.phase == .running {
            urlSessions.transfers[task]?.phase = .cancelling
            log("Background transfer \(task) of session \(transfer.session): \(BackgroundTransferPhase.cancelling.consoleText)")
            return finish()
        }
        let error = BackgroundTransferError(
            code: BackgroundTransferError.cancelledCode, message: "cancelled",
            resumeData: producingResumeData ? transfer.resume?.data : nil)
        urlSessions.transfers[task]?.phase = .ended
        urlSessions.transfers[task]?.end = .failed(task: task, error)
        log("Background transfer \(task) of session \(transfer.session) cancelled by the app: \(error)")
        routeEvents(of: transfer.session)
        return finish()
    }

    /// The system's transfer service ended transfer `event.task`: its delegate hears it now if
    /// the app runs with the session made; otherwise the event is kept, and once the session's
    /// transfers have all ended the app is resumed or launched for them. False, doing nothing,
    /// when no such transfer is waiting or running.
    package mutating func endTransfer(_ event: BackgroundTransferEvent, at moment: Moment) -> (Bool, [SystemEffect]) {
        begin(moment)
        guard var transfer = urlSessions.transfers[event.task], transfer.phase != .ended else { return (false, finish()) }
        transfer.phase = .ended
        transfer.end = event
        urlSessions.transfers[event.task] = transfer
        markChanged()
        switch event {
        case .finished(_, let location):
            log("Background transfer \(event.task) of session \(transfer.session) finished: \(location)")
        case .failed(_, let error):
            log("Background transfer \(event.task) of session \(transfer.session) failed: \(error)")
        }
        routeEvents(of: transfer.session)
        return (true, finish())
    }

    /// Restores the background sessions a previous run of the system saved (read from
    /// `source`), as the model's nsurlsessiond keeps them across its own restart: their
    /// transfers wait, run, or keep their events as they did; the app's force quit, if it came
    /// last, still holds its launch for them. ``routeRestoredSessionEvents(at:)`` follows once
    /// the system runs.
    mutating func restoreBackgroundSessions(
        _ stored: StoredBackgroundSessions, from source: String, at moment: Moment
    ) -> [SystemEffect] {
        begin(moment)
        urlSessions.sessions = Dictionary(stored.sessions.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        urlSessions.transfers = Dictionary(stored.transfers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        urlSessions.nextTask = stored.nextTask
        if stored.userQuitApp { lastTermination = .user }
        urlSessions.saved = stored
        markChanged()
        for transfer in urlSessions.transfers.values.sorted(by: { $0.id < $1.id }) where transfer.phase == .scheduled {
            scheduleBeginDate(of: transfer)
        }
        if !stored.transfers.isEmpty {
            let ended = stored.transfers.count { $0.phase == .ended }
            log("Background sessions: \(stored.transfers.count) transfer(s) of \(stored.sessions.count) session(s) restored "
                + "from \(source) (\(ended) ended, their events not yet handed to the app)")
        }
        startWaitingTransfers()
        return finish()
    }

    /// After a restore: each session whose transfers have all ended is handled as when its last
    /// transfer ended — the app is launched (or resumed) into `handleEventsForBackgroundURLSession`.
    mutating func routeRestoredSessionEvents(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        for id in urlSessions.sessions.keys.sorted() { routeEvents(of: id) }
        return finish()
    }

    /// The completion handler of `handleEventsForBackgroundURLSession` `number` was called.
    mutating func completeSessionEvents(_ number: Int, ofLaunch launchNumber: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard launch?.number == launchNumber else { return finish() }
        guard let pending = urlSessions.pending.removeValue(forKey: number) else {
            log("The completion handler of the events of background session \(number) was called again, or too late; it is ignored")
            return finish()
        }
        cancel(pending.deadline)
        log("Background session \(pending.session): the app called the completion handler after "
            + "\((now - pending.start).secondsText) s; the app switcher's snapshot is updated")
        dropActivity(pending.activity)
        suspendIfIdle()
        return finish()
    }

    // MARK: The rules

    /// Hands session `id`'s ended transfers to the app now if it runs (not suspended) with the
    /// session made and is not being resumed for them; otherwise resumes or launches it once the
    /// session has no transfer left to run.
    mutating func routeEvents(of id: String) {
        let isAwaited = urlSessions.pending.values.contains { $0.session == id && !$0.eventsDelivered }
        if appState.isRunning, appState != .suspended, urlSessions.made.contains(id), !isAwaited {
            deliverSessionEvents(of: id)
            return
        }
        let transfers = urlSessions.transfers(of: id)
        guard !transfers.isEmpty, transfers.allSatisfy({ $0.phase == .ended }), !isAwaited,
            let configuration = urlSessions.sessions[id]
        else { return }
        guard configuration.sessionSendsLaunchEvents else {
            log("Background session \(id): every transfer ended; sessionSendsLaunchEvents is false, so the events wait "
                + "until the app makes the session again")
            return
        }
        if appState == .notRunning, lastTermination == .user {
            log("Background session \(id): every transfer ended; \(infoPlist.bundleName) is not launched for it, as the "
                + "user swiped it away: the events wait until the user opens the app and it makes the session again")
            return
        }
        guard appState == .suspended || appState == .notRunning else { return }
        raiseResumeDelay()
        if appState == .notRunning {
            log("Background session \(id): every transfer ended; launching \(infoPlist.bundleName) into the background "
                + "(reason transfer)")
            urlSessions.launchSession = id
            launch(reason: .transfer)
        } else {
            beginSessionEvents(of: id)
        }
    }

    /// Delivers `handleEventsForBackgroundURLSession` for the session a background launch was for.
    mutating func deliverLaunchSessionEvents() {
        guard let id = urlSessions.launchSession else { return }
        urlSessions.launchSession = nil
        beginSessionEvents(of: id)
    }

    /// Resumes the app (if suspended) into `handleEventsForBackgroundURLSession` for session `id`,
    /// and waits for its completion handler for the profile's fetch budget.
    private mutating func beginSessionEvents(of id: String) {
        guard let launch else { return }
        let number = urlSessions.nextNumber
        urlSessions.nextNumber += 1
        let activity = beginEvent("events of background session \(id)")
        var pending = PendingSessionEvents(number: number, session: id, launchNumber: launch.number, start: now, activity: activity)
        pending.deadline = schedule(.sessionEventsDeadline(number: number), after: profile.fetchBudget)
        urlSessions.pending[number] = pending
        log("Background session \(id): handleEventsForBackgroundURLSession (\(profile.fetchBudget.secondsText) s to call "
            + "its completion handler)")
        deliver(.handleSessionEvents(number: number, identifier: id))
        if urlSessions.made.contains(id) { deliverSessionEvents(of: id) }
    }

    /// Hands session `id`'s ended transfers to its delegate and forgets them; after
    /// `handleEventsForBackgroundURLSession`, urlSessionDidFinishEvents follows them.
    private mutating func deliverSessionEvents(of id: String) {
        let awaited = urlSessions.pending.values.first { $0.session == id && !$0.eventsDelivered }
        let ended = urlSessions.transfers(of: id).filter { $0.phase == .ended }
        guard !ended.isEmpty || awaited != nil else { return }
        for transfer in ended { urlSessions.transfers[transfer.id] = nil }
        if let awaited { urlSessions.pending[awaited.number]?.eventsDelivered = true }
        markChanged()
        let urls = Dictionary(ended.map { ($0.id, $0.url) }, uniquingKeysWith: { first, _ in first })
        deliver(.sessionEvents(identifier: id, ended.compactMap(\.end), urls: urls, finishing: awaited != nil))
    }

    /// The transfer service may run `transfer` now, or what it waits for: first its
    /// `earliestBeginDate`, on the device's clock, then its conditions.
    private func phaseAllowed(for transfer: BackgroundTransfer) -> BackgroundTransferPhase {
        if let date = transfer.earliestBeginDate, deviceTime(of: date) > now {
            return .scheduled
        }
        if transfer.isDiscretionary, !isSmall(transfer), !(conditions.isOnExternalPower && conditions.hasNetworkConnectivity) {
            return .waitingForPower
        }
        return conditions.hasNetworkConnectivity ? .running : .waitingForNetwork
    }

    /// At most this many bytes, by the task's own hints, a discretionary transfer is small, and
    /// waits only for the network: 1 MB, Backgrounder's model (rule background-session-byte-count-hints).
    static let smallTransferBytes: Int64 = 1 << 20

    /// Whether `transfer` said it is small (iOS 11 and later, which have the hints).
    private func isSmall(_ transfer: BackgroundTransfer) -> Bool {
        guard profile.iOSVersion >= 11, let expected = transfer.expectedBytes else { return false }
        return expected <= Self.smallTransferBytes
    }

    /// Starts the waiting transfers whose conditions now hold (after a change of the device's
    /// conditions, or the rate limiter's delay).
    mutating func startWaitingTransfers() {
        for transfer in urlSessions.transfers.values.sorted(by: { $0.id < $1.id }) {
            let waits = transfer.phase == .waitingForPower || transfer.phase == .waitingForNetwork
                || transfer.phase == .scheduled || (transfer.phase == .delayed && urlSessions.resumeDelayTimer == nil)
            guard waits else { continue }
            let phase = phaseAllowed(for: transfer)
            guard phase != transfer.phase else { continue }
            urlSessions.transfers[transfer.id]?.phase = phase
            markChanged()
            if phase == .scheduled { scheduleBeginDate(of: transfer) }
            log("Background transfer \(transfer.id) of session \(transfer.session): \(phase.consoleText)")
        }
    }

    /// Starts the timer that lets `transfer` go once its `earliestBeginDate` has come.
    private mutating func scheduleBeginDate(of transfer: BackgroundTransfer) {
        guard let date = transfer.earliestBeginDate else { return }
        _ = schedule(.transferBeginDate(task: transfer.id), at: max(now, deviceTime(of: date)))
    }

    /// The app is resumed or launched for a session's events: the rate limiter's delay doubles
    /// (from the profile's first delay), and is reset when it passes without another.
    private mutating func raiseResumeDelay() {
        urlSessions.resumeDelay = urlSessions.resumeDelay == .zero ? profile.transferResumeDelay : urlSessions.resumeDelay * 2
        cancel(urlSessions.resumeDelayTimer)
        urlSessions.resumeDelayTimer = schedule(.transferResumeDelay, after: urlSessions.resumeDelay)
        log("Background sessions: resume rate limiter delay \(urlSessions.resumeDelay.secondsText) s (transfers the app "
            + "creates in the background wait for it)")
    }

    /// The rate limiter's delay passed without a resume: it is reset, and the transfers it held start.
    mutating func transferResumeDelayEnded() {
        urlSessions.resumeDelayTimer = nil
        urlSessions.resumeDelay = .zero
        log("Background sessions: the resume rate limiter's delay passed; it is reset")
        startWaitingTransfers()
    }

    /// The user brought the app to the front: the rate limiter's delay is reset.
    mutating func noteForBackgroundSessions(from old: AppState, to new: AppState) {
        guard !old.isForeground, new.isForeground, urlSessions.resumeDelay != .zero else { return }
        cancel(urlSessions.resumeDelayTimer)
        urlSessions.resumeDelayTimer = nil
        urlSessions.resumeDelay = .zero
        log("Background sessions: the resume rate limiter's delay is reset, as the user opened the app")
        startWaitingTransfers()
    }

    /// The user swiped the app away: every transfer of its background sessions is cancelled
    /// with -999 (and, from iOS 8, NSURLErrorCancelledReasonUserForceQuitApplication).
    mutating func cancelTransfersForForceQuit() {
        for transfer in urlSessions.transfers.values.sorted(by: { $0.id < $1.id }) where transfer.phase != .ended {
            let error = BackgroundTransferError(
                code: BackgroundTransferError.cancelledCode,
                cancelledReason: profile.hasBackgroundTaskCancelledReason ? .userForceQuitApplication : nil,
                message: "cancelled")
            urlSessions.transfers[transfer.id]?.phase = .ended
            urlSessions.transfers[transfer.id]?.end = .failed(task: transfer.id, error)
            markChanged()
            log("Background transfer \(transfer.id) of session \(transfer.session) cancelled, as the user force-quit the app: \(error)")
        }
    }

    /// The app's process ended: its sessions and the completions it owed go with it; the
    /// transfers and the events kept for them stay.
    mutating func endBackgroundSessionLaunch() {
        urlSessions.made.removeAll()
        for pending in urlSessions.pending.values { cancel(pending.deadline) }
        urlSessions.pending.removeAll()
        urlSessions.launchSession = nil
    }

    /// The completion handler of a session's events did not come in time: a diagnostic, and the
    /// app is no longer held for them.
    mutating func sessionEventsOverdue(_ number: Int) {
        guard let pending = urlSessions.pending.removeValue(forKey: number), launch?.number == pending.launchNumber else { return }
        report(
            .sessionEventsNotCompleted,
            "\(infoPlist.bundleName) did not call the completion handler of handleEventsForBackgroundURLSession for "
                + "session \(pending.session) within \(profile.fetchBudget.secondsText) s; call it once the session's "
                + "delegate has heard urlSessionDidFinishEvents(forBackgroundURLSession:)")
        dropActivity(pending.activity)
        suspendIfIdle()
    }

    /// The background transfers, oldest first, as `status` shows them.
    var backgroundTransferStatuses: [BackgroundTransferStatus] {
        urlSessions.transfers.values.sorted { $0.id < $1.id }.map { transfer in
            BackgroundTransferStatus(
                session: transfer.session, task: transfer.id, url: transfer.url, discretionary: transfer.isDiscretionary,
                phase: transfer.phase, resume: transfer.resume)
        }
    }

    /// The background sessions as storage keeps them.
    private var storedBackgroundSessions: StoredBackgroundSessions {
        StoredBackgroundSessions(
            sessions: urlSessions.sessions.values.sorted { $0.identifier < $1.identifier },
            transfers: urlSessions.transfers.values.sorted { $0.id < $1.id }, nextTask: urlSessions.nextTask,
            userQuitApp: userQuitAppWithTransfers)
    }

    /// Whether the user swiped the app away while it has transfers, as storage keeps it.
    private var userQuitAppWithTransfers: Bool {
        !urlSessions.transfers.isEmpty && appState == .notRunning && lastTermination == .user
    }

    /// Hands the background sessions to storage when they changed since they were last handed
    /// (or restored); at the end of each event. The stored form is built only after a change
    /// of the sessions, the transfers or the user's quit, not on every event.
    mutating func saveBackgroundSessionsIfChanged() {
        guard urlSessions.storedChanged || userQuitAppWithTransfers != urlSessions.saved.userQuitApp else { return }
        urlSessions.storedChanged = false
        urlSessions.storedFormBuilds += 1
        let stored = storedBackgroundSessions
        guard stored != urlSessions.saved else { return }
        urlSessions.saved = stored
        emit(.saveBackgroundSessions(stored))
    }
}
