import BackgroundWire

extension Rule {
    /// Background fetch (`SystemStateMachine+BackgroundFetch.swift`, ``FetchScheduler``).
    static let backgroundFetch: [Rule] = [
        Rule(
            "fetch-budget", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, application(_:performFetchWithCompletionHandler:): “you have up to 30 seconds of wall-clock time”"),
            test: "aCompletionHandlerNotCalledInTimeGetsTheAppTerminated"
        ) { profile in
            "A background fetch has \(profile.fetchBudget.secondsText) s to call its completion handler; a "
                + "background app that does not is terminated."
        },
        Rule(
            "fetch-needs-the-mode", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, setMinimumBackgroundFetchInterval(_:): the default is backgroundFetchIntervalNever; UIBackgroundModes fetch"),
            test: "withoutTheFetchModeThereIsADiagnosticAndNoFetch"
        ) { _ in
            "The system fetches only an app that declares fetch in UIBackgroundModes and set an interval other "
                + "than never (the default)."
        },
        Rule(
            "fetch-schedule", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple names the factors (WWDC 2020 “Background execution demystified”: battery, Low Power Mode, app usage, the app switcher, Background App Refresh, budgets, rate limits) but gives no numbers; FetchScheduler’s 10-minute floor, doubling after unproductive fetches and habit learning are Backgrounder’s"),
            test: "fetchesComeShortlyBeforeTheHabitualOpensOnceLearned"
        ) { _ in
            "Fetches come no earlier than the app’s interval (10 minutes at least), less often after fetches "
                + "that bring nothing or fail, and shortly before the times the user habitually opens the app."
        },
        Rule(
            "force-quit-stops-background-launches",
            origin: .iOS(source: "WWDC 2020 “Background execution demystified” (the app switcher); Apple Developer Forums, “BGProcessingTask” (DTS): “If the user force quits an app, their background tasks will no longer be executed”"),
            test: "anAppTheUserSwipedAwayIsNotLaunchedUntilTheUserOpensIt"
        ) { _ in
            "An app the user swiped away in the app switcher is not launched for fetches, background tasks or "
                + "finished downloads until the user opens it again."
        },
        Rule(
            "background-app-refresh-switch", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "WWDC 2020 “Background execution demystified” (the Background App Refresh switch, the factor the user controls, by app); Settings ▸ General ▸ Background App Refresh, which has a switch for all apps and one for each app; BGTaskScheduler.Error.Code.unavailable; UIApplication.backgroundRefreshStatus"),
            test: "backgroundAppRefreshOffStopsFetching"
        ) { _ in
            "With Background App Refresh off (or restricted), for all apps (device background-refresh) or for the app "
                + "(device background-refresh-app), the system neither fetches the app nor runs its background tasks, "
                + "backgroundRefreshStatus reads .denied, and BGTaskScheduler.submit throws .unavailable."
        },
        Rule(
            "fetch-completion-once", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "a second call is an app bug iOS ignores; reporting it is Backgrounder’s diagnostic"),
            test: "aCompletionHandlerCalledTwiceIsADiagnostic"
        ) { _ in
            "A fetch’s completion handler called a second time is reported."
        },
    ]
}
