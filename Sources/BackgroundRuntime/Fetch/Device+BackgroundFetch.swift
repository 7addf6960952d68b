import Foundation

/// Background fetch, the system's side: when to fetch (``FetchScheduler``), waking or launching
/// the app for it, its time budget, and what its completion handler tells the system.
extension Device {
    /// Xcode's Debug ▸ Simulate Background Fetch: the app is sent to the background (launched
    /// into it if it is not running) and fetched now, whatever the schedule says.
    public func simulateBackgroundFetch() {
        if appState.isForeground { pressHome() }
        let mustLaunch = mutate { state -> Bool in
            guard state.appState != .notRunning else { return true }
            console.log("Simulating a background fetch")
            beginFetch(&state)
            return false
        }
        if mustLaunch { launch(reason: .fetch) } else { settle() }
    }

    /// The interval the app last set with ``Application/setMinimumBackgroundFetchInterval(_:)``.
    public var backgroundFetchInterval: BackgroundFetchInterval { state.withLock { $0.fetch.interval } }

    /// When the system plans to fetch next, as device time; nil when no fetch is planned.
    public var plannedBackgroundFetch: Duration? { state.withLock { $0.fetch.plan?.deadline } }

    /// What the fetch scheduler has learned so far.
    public var fetchScheduler: FetchScheduler { state.withLock { $0.fetch.scheduler } }

    // MARK: The app's calls

    func setBackgroundFetchInterval(_ interval: BackgroundFetchInterval) {
        mutate { state in
            guard profile.hasBackgroundFetch else {
                report(
                    .unavailableAPI,
                    "setMinimumBackgroundFetchInterval(\(interval)) does not exist in \(profile.name); "
                        + "background fetch came with iOS 7", in: &state)
                return
            }
            if interval != .never, !infoPlist.declares(.fetch) {
                report(
                    .missingBackgroundMode,
                    "setMinimumBackgroundFetchInterval(\(interval)) was called, but you still need to add "
                        + "\"fetch\" to the list of your supported UIBackgroundModes in \(infoPlist.source); "
                        + "the system will not fetch the app", in: &state)
            }
            state.fetch.interval = interval
            if interval != .never { state.fetch.scheduler.recordRequest(at: loop.now) }
            planBackgroundFetch(&state)
        }
    }

    /// The earliest date of the next fetch; nil when the system will not fetch the app.
    public var nextEarliestFetchDate: Date? {
        state.withLock { state in
            guard fetchIsEnabled(state),
                let time = state.fetch.scheduler.earliestNextFetch(interval: state.fetch.interval)
            else { return nil }
            return date(at: max(time, loop.now))
        }
    }

    // MARK: A fetch

    /// Starts a fetch now: resumes a suspended app, hands the delegate a completion handler and
    /// gives it the profile's fetch budget. The app must be running.
    func beginFetch(_ state: inout DeviceState) {
        guard profile.hasBackgroundFetch else {
            report(.unavailableAPI, "background fetch does not exist in \(profile.name); it came with iOS 7", in: &state)
            return
        }
        guard infoPlist.declares(.fetch) else {
            report(
                .missingBackgroundMode,
                "the system cannot fetch the app: \"fetch\" is not in UIBackgroundModes of \(infoPlist.source)",
                in: &state)
            return
        }
        guard let launch = state.launch else { return }
        let number = state.fetch.nextNumber
        state.fetch.nextNumber += 1
        let activity = beginEvent("Background fetch", in: &state)
        var fetch = InFlightFetch(number: number, launchNumber: launch.number, start: loop.now, activity: activity)
        fetch.deadline = loop.schedule(after: profile.fetchBudget) { [weak self] in self?.fetchRanOutOfTime(number) }
        state.fetch.inFlight[number] = fetch
        state.fetch.scheduler.recordFetchBegan(at: loop.now)
        loop.cancel(state.fetch.plan)
        state.fetch.plan = nil
        console.log("Background fetch \(number) began (\(formatSeconds(profile.fetchBudget)) s to call its completion handler)")
        post(to: launch) { application in
            application.performFetch { [weak self] result in
                self?.completeFetch(number, ofLaunch: launch.number, with: result)
            }
        }
    }

    private func completeFetch(_ number: Int, ofLaunch launchNumber: Int, with result: BackgroundFetchResult) {
        mutate { state in
            guard state.launch?.number == launchNumber else { return }
            guard let fetch = state.fetch.inFlight.removeValue(forKey: number) else {
                reportLateCompletion(number, result: result, in: &state)
                return
            }
            loop.cancel(fetch.deadline)
            let duration = loop.now - fetch.start
            state.fetch.scheduler.recordFetchEnded(after: duration, result: result)
            state.fetch.finished.remember(number, .completed(result))
            console.log(
                "Background fetch \(number) completed with \(result.rawValue) after "
                    + "\(String(format: "%.1f", duration.seconds)) s; the app switcher's snapshot is updated")
            state.activities[fetch.activity.id] = nil
            suspendIfIdle(&state)
            planBackgroundFetch(&state)
        }
    }

    private func reportLateCompletion(_ number: Int, result: BackgroundFetchResult, in state: inout DeviceState) {
        switch state.fetch.finished[number] {
        case .completed(let first):
            report(
                .doubleCompletion,
                "the completion handler of background fetch \(number) was called again (with .\(result.rawValue), "
                    + "first with .\(first.rawValue)); call it exactly once. Pass the handler through instead of "
                    + "storing it", in: &state)
        case .ranOutOfTime:
            console.log("The completion handler of background fetch \(number) was called after its time ran out")
        case nil:
            break
        }
    }

    /// The fetch budget is spent: a background app is terminated, as iOS's watchdog does.
    private func fetchRanOutOfTime(_ number: Int) {
        mutate { state in
            guard let fetch = state.fetch.inFlight.removeValue(forKey: number) else { return }
            state.fetch.finished.remember(number, .ranOutOfTime)
            guard state.launch?.number == fetch.launchNumber else {
                planBackgroundFetch(&state)
                return
            }
            state.fetch.scheduler.recordFetchEnded(after: profile.fetchBudget, result: .failed)
            completionOverdue(
                "the completion handler of background fetch \(number)", budget: profile.fetchBudget,
                assertion: "fetch-\(number) name: Background Content Fetching (\(number))", reason: "backgroundContentFetching",
                holding: fetch.activity, in: &state)
            planBackgroundFetch(&state)
        }
    }

    // MARK: Planning

    /// Whether the system may fetch the app on its own now (the app's interval, its
    /// Info.plist, the user's Background App Refresh switch, the era).
    func fetchIsEnabled(_ state: DeviceState) -> Bool {
        profile.hasBackgroundFetch && infoPlist.declares(.fetch) && state.fetch.interval != .never
            && state.conditions.isBackgroundAppRefreshEnabled
    }

    /// Plans the next fetch from the scheduler, replacing any plan. No fetch is planned while
    /// the app is on screen, while a fetch is in flight, or for an app the user swiped away.
    func planBackgroundFetch(_ state: inout DeviceState) {
        loop.cancel(state.fetch.plan)
        state.fetch.plan = nil
        guard fetchIsEnabled(state), !state.appState.isForeground, state.fetch.inFlight.isEmpty,
            state.appState != .notRunning || state.fetch.launchesAllowed,
            let time = state.fetch.scheduler.planFetch(now: loop.now, interval: state.fetch.interval)
        else { return }
        state.fetch.plan = loop.schedule(at: time) { [weak self] in self?.plannedFetchFellDue() }
    }

    private func plannedFetchFellDue() {
        let mustLaunch = mutate { state -> Bool in
            state.fetch.plan = nil
            guard fetchIsEnabled(state), !state.appState.isForeground, state.fetch.inFlight.isEmpty else { return false }
            guard state.appState != .notRunning else { return state.fetch.launchesAllowed }
            beginFetch(&state)
            return false
        }
        if mustLaunch { launch(reason: .fetch) }
    }
}
