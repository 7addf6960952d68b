import Foundation

/// Background task assertions: the finite-length background time of "Whatever", its shared
/// budget, the expiration handlers, and the termination of an app that overstays.
extension Device {
    func beginAssertion(
        name: String?,
        expirationHandler: (@AppMain @Sendable () -> Void)?,
        begunAt: SourceLocation,
        launchNumber: Int
    ) -> BackgroundTaskIdentifier {
        mutate { state in
            guard state.launch?.number == launchNumber, state.appState.isRunning else { return .invalid }
            if let run = state.run {
                let remaining = run.start + profile.finiteTaskBudget - loop.now
                guard run.expiration == .notYet, remaining > profile.expirationLeadTime else {
                    console.log("beginBackgroundTask(\(name.map { "\"\($0)\"" } ?? "")) at \(begunAt): "
                        + "no background time is left; returning .invalid")
                    return .invalid
                }
            }
            let identifier = BackgroundTaskIdentifier(rawValue: state.nextAssertionID)
            state.nextAssertionID += 1
            state.assertions[identifier] = TaskAssertion(
                identifier: identifier, name: name, begunAt: begunAt, expirationHandler: expirationHandler)
            armBudget(&state)
            return identifier
        }
    }

    func endAssertion(_ identifier: BackgroundTaskIdentifier, endedAt: SourceLocation, launchNumber: Int) {
        mutate { state in
            // The code of an ended launch (a deinit, a leftover task) ends nothing.
            guard state.launch?.number == launchNumber else { return }
            guard let assertion = state.assertions.removeValue(forKey: identifier) else {
                reportBadEnd(identifier, endedAt: endedAt, in: &state)
                return
            }
            rememberEnded(assertion, in: &state)
            guard state.assertions.isEmpty, var run = state.run else { return }
            if case .handlersReturned(let mark) = run.expiration, !run.reportedCodeAfterExpiration,
                executor.jobsStarted > mark
            {
                run.reportedCodeAfterExpiration = true
                report(
                    .codeAfterExpiration,
                    "\(assertion.summary) was ended by code that ran after its expiration handler returned; "
                        + "iOS terminates an app that runs code then while it holds assertions", in: &state)
            }
            disarmBudget(&run)
            state.run = run
            suspendIfIdle(&state)
        }
    }

    /// Whether the assertion is still held.
    func isHeld(_ identifier: BackgroundTaskIdentifier) -> Bool {
        state.withLock { $0.assertions[identifier] != nil }
    }

    /// Reports an expiration handler that returned without ending its assertion.
    func expirationHandlerReturned(_ identifier: BackgroundTaskIdentifier) {
        mutate { state in
            guard let assertion = state.assertions[identifier] else { return }
            reportLeak(assertion, in: &state)
        }
    }

    private func reportLeak(_ assertion: TaskAssertion, in state: inout DeviceState) {
        let handler = assertion.expirationHandler == nil ? "it has no expiration handler" : "its expiration handler returned"
        report(
            .leakedAssertion,
            "\(assertion.summary) is still held after \(handler); "
                + "call endBackgroundTask(\(assertion.identifier)) there or the app is terminated when the "
                + "\(Int(profile.finiteTaskBudget.seconds)) s budget ends", in: &state)
    }

    private func reportBadEnd(_ identifier: BackgroundTaskIdentifier, endedAt: SourceLocation, in state: inout DeviceState) {
        if identifier != .invalid, identifier.rawValue > 0, identifier.rawValue < state.nextAssertionID {
            let name = state.recentlyEnded[identifier].map { " (\($0.summary))" } ?? ""
            report(
                .doubleEnd,
                "endBackgroundTask(\(identifier)) at \(endedAt): task \(identifier)\(name) has already ended; "
                    + "set your identifier to .invalid after ending it", in: &state)
        } else {
            report(
                .invalidIdentifier,
                "endBackgroundTask(\(identifier)) at \(endedAt): no background task has this identifier"
                    + (identifier == .invalid ? " (it is .invalid: beginBackgroundTask failed or was never called)" : ""),
                in: &state)
        }
    }

    private func rememberEnded(_ assertion: TaskAssertion, in state: inout DeviceState) {
        if state.recentlyEnded.count >= 64 {
            let oldest = state.recentlyEnded.keys.min { $0.rawValue < $1.rawValue }
            if let oldest { state.recentlyEnded[oldest] = nil }
        }
        state.recentlyEnded[assertion.identifier] = assertion
    }

    // MARK: The background run and its budget

    /// Starts counting background time: the app has just left the foreground, or was launched
    /// or woken into the background.
    func beginRun(_ state: inout DeviceState, awaitingDidEnterBackground: Bool) {
        state.runCount += 1
        var run = BackgroundRun(id: state.runCount, start: loop.now, awaitingDidEnterBackground: awaitingDidEnterBackground)
        if awaitingDidEnterBackground {
            let runID = run.id
            run.graceTimer = loop.schedule(after: profile.didEnterBackgroundGrace) { [weak self] in
                self?.graceEnded(run: runID)
            }
        }
        state.run = run
        armBudget(&state)
    }

    /// Stops counting background time: the app returns to the foreground or ends.
    func endRun(_ state: inout DeviceState) {
        guard var run = state.run else { return }
        if case .handlersReturned(let mark) = run.expiration, !state.assertions.isEmpty,
            !run.reportedCodeAfterExpiration, executor.jobsStarted > mark
        {
            run.reportedCodeAfterExpiration = true
            report(
                .codeAfterExpiration,
                "the app ran code after its expiration handlers returned while holding "
                    + state.assertionsInOrder.map(\.summary).joined(separator: ", "), in: &state)
        }
        loop.cancel(run.graceTimer)
        disarmBudget(&run)
        state.run = nil
    }

    private func graceEnded(run runID: Int) {
        mutate { state in
            guard var run = state.run, run.id == runID, run.awaitingDidEnterBackground else { return }
            run.awaitingDidEnterBackground = false
            run.graceTimer = nil
            state.run = run
            console.log("didEnterBackground did not return within \(Int(profile.didEnterBackgroundGrace.seconds)) s")
            suspendIfIdle(&state)
        }
    }

    /// Schedules the expiration handlers and the deadline, once the app is in the background
    /// holding assertions.
    private func armBudget(_ state: inout DeviceState) {
        guard var run = state.run, !state.assertions.isEmpty, run.deadlineTimer == nil else { return }
        let runID = run.id
        let deadline = run.start + profile.finiteTaskBudget
        run.expirationTimer = loop.schedule(at: deadline - profile.expirationLeadTime) { [weak self] in
            self?.expire(run: runID)
        }
        run.deadlineTimer = loop.schedule(at: deadline) { [weak self] in
            self?.budgetEnded(run: runID)
        }
        state.run = run
    }

    private func disarmBudget(_ run: inout BackgroundRun) {
        loop.cancel(run.expirationTimer)
        loop.cancel(run.deadlineTimer)
        run.expirationTimer = nil
        run.deadlineTimer = nil
    }

    /// The budget runs low: every held assertion's expiration handler runs, in the order they
    /// were begun.
    private func expire(run runID: Int) {
        mutate { state in
            guard var run = state.run, run.id == runID, run.expiration == .notYet else { return }
            run.expiration = .handlersRunning
            state.run = run
            for var assertion in state.assertionsInOrder where !assertion.expirationDelivered {
                assertion.expirationDelivered = true
                state.assertions[assertion.identifier] = assertion
                guard let handler = assertion.expirationHandler else {
                    reportLeak(assertion, in: &state)
                    continue
                }
                let identifier = assertion.identifier
                post(to: state.launch) { $0.runExpirationHandler(handler, for: identifier) }
            }
            post(to: state.launch) { $0.device?.expirationHandlersReturned(run: runID) }
        }
    }

    func expirationHandlersReturned(run runID: Int) {
        mutate { state in
            guard var run = state.run, run.id == runID, run.expiration == .handlersRunning else { return }
            run.expiration = .handlersReturned(jobMark: executor.jobsStarted)
            state.run = run
        }
    }

    /// The budget is spent: an app still holding assertions is terminated, as iOS's watchdog
    /// does, with the crash report's words.
    private func budgetEnded(run runID: Int) {
        mutate { state in
            guard let run = state.run, run.id == runID, !state.assertions.isEmpty else { return }
            let pid = console.pid
            let held = state.assertionsInOrder.map { assertion in
                "<BKProcessAssertion: \(assertion.identifier)> id: \(pid)-\(assertion.identifier) "
                    + "name: \(assertion.name ?? "(unnamed)") "
                    + "permittedBackgroundDuration: \(String(format: "%.6f", profile.finiteTaskBudget.seconds)) "
                    + "reason: finishTask begun at: \(assertion.begunAt)"
            }
            report(
                .assertionTimeout,
                "\(infoPlist.bundleName)[\(pid)] has active assertions beyond permitted time: {(\(held.joined(separator: ", ")))}",
                in: &state)
            watchdogKill(&state, reason: "assertions held beyond permitted time")
        }
    }
}
