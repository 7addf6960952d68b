import BackgroundWire
import Foundation

/// Background fetch: when to fetch (``FetchScheduler``), waking or launching the app for it,
/// its 30 s budget, and what its completion handler tells the system (Apple,
/// `setMinimumBackgroundFetchInterval(_:)` and `application(_:performFetchWithCompletionHandler:)`:
/// "you have up to 30 seconds of wall-clock time to perform the download operation").
extension SystemStateMachine {
    /// Xcode's Debug ▸ Simulate Background Fetch: the app is sent to the background (launched
    /// into it if it is not running) and fetched now, whatever the schedule says.
    package mutating func simulateBackgroundFetch(at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if appState.isForeground { pressHome() }
        if appState == .notRunning {
            launch(reason: .fetch)
        } else {
            log("Simulating a background fetch")
            beginFetch()
        }
        return finish()
    }

    /// The app's `setMinimumBackgroundFetchInterval(_:)`.
    package mutating func setBackgroundFetchInterval(_ interval: BackgroundFetchInterval, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard profile.hasBackgroundFetch else {
            report(
                .unavailableAPI,
                "setMinimumBackgroundFetchInterval(\(interval)) does not exist in \(profile.name); "
                    + profile.absence(of: .backgroundFetch))
            return finish()
        }
        if interval != .never, !infoPlist.declares(.fetch) {
            report(
                .missingBackgroundMode,
                "setMinimumBackgroundFetchInterval(\(interval)) was called, but you still need to add "
                    + "\"fetch\" to the list of your supported UIBackgroundModes in \(infoPlist.source); "
                    + "the system will not fetch the app")
        }
        fetch.interval = interval
        if interval != .never { fetch.scheduler.recordRequest(at: now) }
        planBackgroundFetch()
        return finish()
    }

    /// The fetch's completion handler was called with `result`.
    package mutating func completeFetch(
        _ number: Int, ofLaunch launchNumber: Int, with result: BackgroundFetchResult, at moment: Moment
    ) -> [SystemEffect] {
        begin(moment)
        guard launch?.number == launchNumber else { return finish() }
        guard let inFlight = fetch.inFlight.removeValue(forKey: number) else {
            reportLateCompletion(number, result: result)
            return finish()
        }
        cancel(inFlight.deadline)
        let duration = now - inFlight.start
        fetch.scheduler.recordFetchEnded(after: duration, result: result)
        fetch.finished.remember(number, .completed(result))
        log(
            "Background fetch \(number) completed with \(result.rawValue) after "
                + "\(String(format: "%.1f", duration.seconds)) s; the app switcher's snapshot is updated")
        dropActivity(inFlight.activity)
        suspendIfIdle()
        planBackgroundFetch()
        return finish()
    }

    /// The earliest date of the next fetch; nil when the system will not fetch the app.
    var nextEarliestFetchDate: Date? { fetchDate(floor: nextFetchFloor) }

    /// The date of a fetch whose floor is `floor`: the floor's, or now's once it has passed.
    func fetchDate(floor: Duration?) -> Date? {
        floor.map { date(at: max($0, now)) }
    }

    /// The device time before which the next fetch cannot come (it may have passed); nil when
    /// the system will not fetch the app.
    var nextFetchFloor: Duration? {
        fetchIsEnabled ? fetch.scheduler.earliestNextFetch(interval: fetch.interval) : nil
    }

    // MARK: The rules

    /// Starts a fetch now: resumes a suspended app, hands the delegate a completion handler and
    /// gives it the profile's fetch budget. The app must be running.
    mutating func beginFetch() {
        guard profile.hasBackgroundFetch else {
            report(.unavailableAPI, "background fetch does not exist in \(profile.name); it \(profile.history(of: .backgroundFetch))")
            return
        }
        guard infoPlist.declares(.fetch) else {
            report(
                .missingBackgroundMode,
                "the system cannot fetch the app: \"fetch\" is not in UIBackgroundModes of \(infoPlist.source)")
            return
        }
        guard let launch else { return }
        let number = fetch.nextNumber
        fetch.nextNumber += 1
        let activity = beginEvent("Background fetch")
        var inFlight = InFlightFetch(number: number, launchNumber: launch.number, start: now, activity: activity)
        inFlight.deadline = schedule(.fetchDeadline(number: number), after: profile.fetchBudget)
        fetch.inFlight[number] = inFlight
        fetch.scheduler.recordFetchBegan(at: now)
        cancel(fetch.plan)
        fetch.plan = nil
        log("Background fetch \(number) began (\(profile.fetchBudget.secondsText) s to call its completion handler)")
        deliver(.performFetch(number: number))
    }

    private mutating func reportLateCompletion(_ number: Int, result: BackgroundFetchResult) {
        switch fetch.finished[number] {
        case .completed(let first):
            report(
                .doubleCompletion,
                "the completion handler of background fetch \(number) was called again (with .\(result.rawValue), "
                    + "first with .\(first.rawValue)); call it exactly once. Pass the handler through instead of "
                    + "storing it")
        case .ranOutOfTime:
            log("The completion handler of background fetch \(number) was called after its time ran out")
        case nil:
            break
        }
    }

    /// The fetch budget is spent: a background app is terminated, as iOS's watchdog does.
    mutating func fetchRanOutOfTime(_ number: Int) {
        guard let inFlight = fetch.inFlight.removeValue(forKey: number) else { return }
        fetch.finished.remember(number, .ranOutOfTime)
        if launch?.number == inFlight.launchNumber {
            fetch.scheduler.recordFetchEnded(after: profile.fetchBudget, result: .failed)
            completionOverdue(
                "the completion handler of background fetch \(number)", budget: profile.fetchBudget,
                assertion: "Background Content Fetching (\(number))", number: number,
                reason: "backgroundContentFetching", holding: inFlight.activity)
        }
        planBackgroundFetch()
    }

    /// Whether the system may fetch the app on its own now (the app's interval, its
    /// Info.plist, the user's Background App Refresh switch, the era).
    var fetchIsEnabled: Bool {
        profile.hasBackgroundFetch && infoPlist.declares(.fetch) && fetch.interval != .never
            && conditions.allowsBackgroundRefresh
    }

    /// Plans the next fetch from the scheduler, replacing any plan. No fetch is planned while
    /// the app is on screen, while a fetch is in flight, for an app the user swiped away, or
    /// while Low Power Mode or heat defer background work.
    mutating func planBackgroundFetch() {
        cancel(fetch.plan)
        fetch.plan = nil
        guard fetchIsEnabled, !appState.isForeground, fetch.inFlight.isEmpty, !conditions.defersBackgroundWork,
            appState != .notRunning || fetch.launchesAllowed,
            let time = fetch.scheduler.planFetch(now: now, interval: fetch.interval)
        else { return }
        fetch.plan = schedule(.fetchPlan, at: time)
    }

    mutating func plannedFetchFellDue() {
        fetch.plan = nil
        guard fetchIsEnabled, !appState.isForeground, fetch.inFlight.isEmpty, !conditions.defersBackgroundWork else { return }
        if appState == .notRunning {
            if fetch.launchesAllowed { launch(reason: .fetch) }
        } else {
            beginFetch()
        }
    }
}
