import BackgroundWire

/// When the system fetches the app in the background: the one place where the model lives.
///
/// **What is iOS's and what is the model's.** Apple names the factors (WWDC 2020 "Background
/// execution demystified": critically low battery, Low Power Mode, app usage, the app switcher,
/// the Background App Refresh switch, energy and data budgets, rate limits) but no numbers.
/// The switch, Low Power Mode and the app switcher are followed by the device's rules; the
/// numbers below — the floor, the doubling, the habit slots and the lead — are Backgrounder's
/// model, and the rules table says so (`fetch-schedule`).
///
/// iOS decides when to fetch from how the app is used and how its fetches went; this is a
/// small, deterministic version of that, on device time (the `SystemLoop`'s clock), so a
/// simulated week runs in milliseconds and repeats exactly for a given seed and events.
///
/// **The floor.** A fetch never comes earlier than the *spacing* after the last fetch began
/// (or, before the first fetch, after the app first asked for fetches):
///
///     spacing = max(interval, 10 min) × 2^streak
///
/// where `interval` is what the app set with `setMinimumBackgroundFetchInterval` (`minimum`
/// counts as zero, `never` means no fetch at all), 10 minutes is the system's own floor
/// (``systemFloor``), and `streak` counts the fetches in a row that were *unproductive*: they
/// returned `noData` or `failed`, ran out of time, or took longer than ``longFetch`` (10 s)
/// whatever they returned. A fast `newData` fetch resets the streak; it stops growing at
/// ``maximumStreak`` (6, so at most 64 times the spacing). Apps whose fetches bring nothing,
/// fail or run long are fetched less and less often.
///
/// **Usage.** Every time the user opens the app, ``UsageModel`` learns the time of day, in
/// 15-minute slots, with older opens fading (×0.8 a day). A slot opened about twice within three
/// days (weight 1.5), and at least half as much as the most used one, is one of the app's *habits*.
///
/// **The choice.** From the floor (or now, if later) the system picks the fetch time:
/// - with habits, the first habitual open at or after the floor, minus a lead of 10 minutes
///   (±5 minutes of jitter): the content is fresh when the user looks, as in the tutorial's
///   "if your user opens the app at 9 AM each morning, a background fetch will be scheduled
///   sometime before that time". If the floor falls inside the lead, the fetch goes at the floor.
///   An open that the last fetch already came shortly before (within 15 minutes) is served; the
///   next fetch is for a later one.
/// - without habits (a new app, or one whose habits faded), the floor plus a jitter of up to a
///   quarter of the spacing.
///
/// **Never while active.** A fetch that falls due while the app is on screen does not happen;
/// the system plans anew when the app leaves the foreground. An app the user swiped away in
/// the app switcher is not launched for fetches until the user opens it again.
///
/// The same choice places `BGAppRefreshTaskRequest`s: from their `earliestBeginDate`, before a
/// habitual open. `BGProcessingTaskRequest`s run as soon as their date and conditions allow.
/// The jitter comes from a ``SeededRandom``: the same seed and events give the same times.
public struct FetchScheduler: Sendable, Equatable {
    /// The system's own floor on the spacing, whatever the app asks.
    public static let systemFloor: Duration = .seconds(600)
    /// A fetch that takes longer than this counts as unproductive.
    public static let longFetch: Duration = .seconds(10)
    /// The longest streak of unproductive fetches that still slows fetching down.
    public static let maximumStreak = 6
    /// How long before a habitual open the system fetches.
    public static let lead: Duration = .seconds(600)
    /// How much the lead varies, either way.
    public static let leadJitter: Duration = .seconds(300)

    /// When the user opens the app.
    public private(set) var usage: UsageModel
    /// How many fetches in a row were unproductive.
    public private(set) var streak = 0
    /// When the last fetch began, as device time.
    public private(set) var lastFetch: Duration?
    /// When the app first asked for fetches, for the floor before the first fetch.
    private var firstRequest: Duration?
    private var random: SeededRandom

    /// - Parameters:
    ///   - seed: the seed of the jitter.
    ///   - wallClockAtBoot: wall-clock seconds since 1970 at device time zero, for the time of day.
    public init(seed: UInt64 = 0, wallClockAtBoot: Double = 0) {
        usage = UsageModel(wallClockAtBoot: wallClockAtBoot)
        random = SeededRandom(seed: seed)
    }

    // MARK: Learning

    /// The app asked for fetches at `time`; the first request starts the floor.
    public mutating func recordRequest(at time: Duration) {
        if firstRequest == nil { firstRequest = time }
    }

    /// The user opened the app at `time`.
    public mutating func recordOpen(at time: Duration) {
        usage.recordOpen(at: time)
    }

    /// A fetch began at `time`.
    public mutating func recordFetchBegan(at time: Duration) {
        lastFetch = time
    }

    /// A fetch ended after `duration` with `result` (`failed` for one that ran out of time).
    public mutating func recordFetchEnded(after duration: Duration, result: BackgroundFetchResult) {
        if result == .newData && duration <= Self.longFetch {
            streak = 0
        } else {
            streak = min(streak + 1, Self.maximumStreak)
        }
    }

    // MARK: Deciding

    /// The spacing between fetches for `interval`; nil for `BackgroundFetchInterval/never`.
    public func spacing(for interval: BackgroundFetchInterval) -> Duration? {
        let asked: Duration
        switch interval {
        case .never: return nil
        case .minimum: asked = .zero
        case .interval(let duration): asked = duration
        }
        return max(asked, Self.systemFloor) * (1 << streak)
    }

    /// The earliest time of the next fetch for `interval`: the floor of the model.
    public func earliestNextFetch(interval: BackgroundFetchInterval) -> Duration? {
        guard let spacing = spacing(for: interval), let since = lastFetch ?? firstRequest else { return nil }
        return since + spacing
    }

    /// Picks the time of the next fetch at or after `now`; nil for `BackgroundFetchInterval/never`.
    public mutating func planFetch(now: Duration, interval: BackgroundFetchInterval) -> Duration? {
        guard let spacing = spacing(for: interval) else { return nil }
        let floor = max(now, earliestNextFetch(interval: interval) ?? now + spacing)
        return choose(noEarlierThan: floor, spread: spacing / 4, servedUntil: lastFetch.map { $0 + Self.lead + Self.leadJitter })
    }

    /// Picks a time at or after `floor` for background work that the user will want fresh:
    /// shortly before a habitual open after `servedUntil`, or within `spread` after the floor
    /// without habits.
    public mutating func choose(noEarlierThan floor: Duration, spread: Duration, servedUntil: Duration? = nil) -> Duration {
        let habits = usage.habits
        guard !habits.isEmpty else { return floor + random.duration(below: spread) }
        let lead = Self.lead - Self.leadJitter + random.duration(below: Self.leadJitter * 2)
        let midnight = usage.startOfDay(containing: floor)
        for day in 0...3 {
            for slot in habits {
                let open = midnight + UsageModel.day * day + UsageModel.slotLength * slot
                if open > floor, open > servedUntil ?? floor { return max(open - lead, floor) }
            }
        }
        return floor
    }
}
