import BackgroundWire
import Foundation

/// Background task assertions: the finite-length background time of "Whatever", its budget
/// shared by every assertion, the expiration handlers, and the termination of an app that
/// overstays (Apple, "Extending your app's background execution time"; the budget per era is
/// in ``PolicyProfile``).
extension SystemStateMachine {
    /// `beginBackgroundTask(withName:expirationHandler:)`: a new assertion, or
    /// ``BackgroundTaskIdentifier/invalid`` when the app is not running (launch
    /// `launchNumber` has ended) or no background time is left.
    package mutating func beginAssertion(
        name: String?,
        hasExpirationHandler: Bool,
        begunAt: SourceLocation,
        launchNumber: Int,
        at moment: Moment
    ) -> (BackgroundTaskIdentifier, [SystemEffect]) {
        begin(moment)
        guard launch?.number == launchNumber, appState.isRunning else { return (.invalid, finish()) }
        if let run {
            let remaining = run.start + profile.finiteTaskBudget - now
            guard run.expiration == .notYet, remaining > profile.expirationLeadTime else {
                log("beginBackgroundTask(\(name.map { "\"\($0)\"" } ?? "")) at \(begunAt): "
                    + "no background time is left; returning .invalid")
                return (.invalid, finish())
            }
        }
        let identifier = BackgroundTaskIdentifier(rawValue: nextAssertionID)
        nextAssertionID += 1
        assertions[identifier] = TaskAssertion(
            identifier: identifier, name: name, begunAt: begunAt, hasExpirationHandler: hasExpirationHandler)
        markChanged()
        armBudget()
        return (identifier, finish())
    }

    /// `endBackgroundTask(_:)`: the assertion is released, and the app suspended if nothing
    /// else keeps it. An unknown or already ended identifier is reported, never a crash.
    package mutating func endAssertion(
        _ identifier: BackgroundTaskIdentifier, endedAt: SourceLocation, launchNumber: Int, at moment: Moment
    ) -> [SystemEffect] {
        begin(moment)
        // The code of an ended launch (a deinit, a leftover task) ends nothing.
        guard launch?.number == launchNumber else { return finish() }
        guard let assertion = assertions.removeValue(forKey: identifier) else {
            reportBadEnd(identifier, endedAt: endedAt)
            return finish()
        }
        markChanged()
        recentlyEnded.remember(identifier.rawValue, assertion)
        if assertions.isEmpty, var run {
            if case .handlersReturned(let mark) = run.expiration, !run.reportedCodeAfterExpiration,
                appJobsStarted > mark
            {
                run.reportedCodeAfterExpiration = true
                report(
                    .codeAfterExpiration,
                    "\(assertion.summary) was ended by code that ran after its expiration handler returned; "
                        + "end it in the expiration handler: an app still holding it when the budget ends is terminated")
            }
            disarmBudget(&run)
            self.run = run
            suspendIfIdle()
        }
        return finish()
    }

    /// Every expiration handler of the run returned; code that runs after this while the
    /// assertions are still held is reported.
    package mutating func expirationHandlersReturned(run runID: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if var run, run.id == runID, run.expiration == .handlersRunning {
            run.expiration = .handlersReturned(jobMark: appJobsStarted)
            self.run = run
        }
        return finish()
    }

    // MARK: The background run and its budget

    /// Starts counting background time: the app has just left the foreground, or was launched
    /// or woken into the background (`launching`: its code may not be running yet, so the
    /// didEnterBackground grace counts from when the handler begins).
    mutating func beginRun(awaitingDidEnterBackground: Bool, launching: Bool = false) {
        runCount += 1
        var run = BackgroundRun(id: runCount, start: now, awaitingDidEnterBackground: awaitingDidEnterBackground)
        if awaitingDidEnterBackground {
            run.graceTimer = schedule(.didEnterBackgroundGrace(run: run.id), after: profile.didEnterBackgroundGrace)
            run.waitsForHandler = launching
        }
        self.run = run
        armBudget()
    }

    /// Stops counting background time: the app returns to the foreground or ends.
    mutating func endRun() {
        guard var run else { return }
        if case .handlersReturned(let mark) = run.expiration, !assertions.isEmpty,
            !run.reportedCodeAfterExpiration, appJobsStarted > mark
        {
            run.reportedCodeAfterExpiration = true
            report(
                .codeAfterExpiration,
                "the app ran code after its expiration handlers returned while holding "
                    + assertionsInOrder.map(\.summary).joined(separator: ", ")
                    + "; it will be terminated when the budget ends unless it ends them")
        }
        cancel(run.graceTimer)
        disarmBudget(&run)
        self.run = nil
    }

    /// Schedules the expiration handlers and the deadline, once the app is in the background
    /// holding assertions.
    private mutating func armBudget() {
        guard var run, !assertions.isEmpty, run.deadlineTimer == nil else { return }
        let deadline = run.start + profile.finiteTaskBudget
        run.expirationTimer = schedule(.assertionExpiration(run: run.id), at: deadline - profile.expirationLeadTime)
        run.deadlineTimer = schedule(.budgetDeadline(run: run.id), at: deadline)
        self.run = run
    }

    private mutating func disarmBudget(_ run: inout BackgroundRun) {
        cancel(run.expirationTimer)
        cancel(run.deadlineTimer)
        run.expirationTimer = nil
        run.deadlineTimer = nil
    }

    /// The budget runs low: every held assertion's expiration handler runs, in the order they
    /// were begun.
    mutating func expire(run runID: Int) {
        guard var run, run.id == runID, run.expiration == .notYet else { return }
        run.expiration = .handlersRunning
        self.run = run
        for var assertion in assertionsInOrder where !assertion.expirationDelivered {
            assertion.expirationDelivered = true
            assertions[assertion.identifier] = assertion
            guard assertion.hasExpirationHandler else {
                reportLeak(assertion)
                continue
            }
            deliver(.expirationHandler(assertion.identifier))
        }
        deliver(.expirationHandlersReturned(run: runID))
    }

    /// The budget is spent: an app still holding assertions is terminated, as iOS's watchdog
    /// does, with the era's words (``PolicyProfile/assertionReportStyle``) and, after them, the
    /// tasks by name and where each was begun. An assertion whose expiration handler ran and is
    /// still held is reported as leaked first: only now, not when its handler returned, since
    /// code the handler left for later (a block it gave `DispatchQueue.main`, a task on the main
    /// actor) may end it before the time is up, and iOS terminates the app only if it is still
    /// held then (Apple, `beginBackgroundTask(expirationHandler:)`: the handler is called
    /// “shortly before the app’s remaining background time reaches 0”; “Failure to end the task
    /// explicitly will result in the termination of the app”).
    mutating func budgetEnded(run runID: Int) {
        guard let run, run.id == runID, !assertions.isEmpty else { return }
        let held = assertionsInOrder
        for assertion in held where assertion.hasExpirationHandler && assertion.expirationDelivered { reportLeak(assertion) }
        let words = profile.assertionReportStyle.heldTasks(
            held.map { ($0.identifier.rawValue, $0.name) }, app: reportedApp, budget: profile.finiteTaskBudget)
        report(.assertionTimeout, words + " — held: " + held.map(\.summary).joined(separator: ", "))
        watchdogKill(reason: "assertions held beyond permitted time", exit: .backgroundTaskAssertionTimeout)
    }

    /// The app as the era's reports name it.
    var reportedApp: ReportedApp {
        ReportedApp(name: infoPlist.bundleName, bundleIdentifier: infoPlist.bundleIdentifier, pid: pid)
    }

    private mutating func reportLeak(_ assertion: TaskAssertion) {
        let handler = !assertion.hasExpirationHandler ? "it has no expiration handler" : "its expiration handler returned"
        report(
            .leakedAssertion,
            "\(assertion.summary) is still held after \(handler); "
                + "call endBackgroundTask(\(assertion.identifier)) there or the app is terminated when the "
                + "\(Int(profile.finiteTaskBudget.seconds)) s budget ends")
    }

    private mutating func reportBadEnd(_ identifier: BackgroundTaskIdentifier, endedAt: SourceLocation) {
        if identifier != .invalid, identifier.rawValue > 0, identifier.rawValue < nextAssertionID {
            let name = recentlyEnded[identifier.rawValue].map { " (\($0.summary))" } ?? ""
            report(
                .doubleEnd,
                "endBackgroundTask(\(identifier)) at \(endedAt): task \(identifier)\(name) has already ended; "
                    + "set your identifier to .invalid after ending it")
        } else {
            report(
                .invalidIdentifier,
                "endBackgroundTask(\(identifier)) at \(endedAt): no background task has this identifier"
                    + (identifier == .invalid ? " (it is .invalid: beginBackgroundTask failed or was never called)" : ""))
        }
    }
}
