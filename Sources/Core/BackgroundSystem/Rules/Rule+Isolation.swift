import BackgroundWire

extension Rule {
    /// Where the app's code runs, and how its suspension is enforced (`Isolation/`).
    static let isolation: [Rule] = [
        Rule(
            "suspension-stops-every-thread",
            origin: .iOS(source: "Apple, “About the background execution sequence”: a suspended app remains in memory but does not execute code; the kernel stops all of its threads. Doing it here with the cgroup v2 freezer (cgroup.freeze, Linux 5.2) or SIGSTOP/SIGCONT is Backgrounder's model of that"),
            test: "aSuspendedAppsOwnSpinningThreadMakesNoProgressUntilTheAppRunsAgain"
        ) { _ in
            "With --isolation process the app's code runs in a process of its own, which the kernel freezes while "
                + "the app is suspended: a thread the app started makes no progress (its CPU time does not move); "
                + "with --isolation thread that thread is a [ran-while-suspended] diagnostic instead."
        },
        Rule(
            "app-process-crash-is-the-apps",
            origin: .model(reason: "on iOS an app's crash ends the app's process, never the system; the app's own process here keeps it so"),
            test: "theAppsProcessDyingIsACrashOfTheAppNotOfTheSystem"
        ) { _ in
            "An app process that ends on its own (a signal, an exit) is a crash of the app (exit abnormal); the "
                + "system goes on and launches the app again when asked."
        },
        Rule(
            "own-process-apis",
            origin: .model(reason: "Backgrounder's limit: which calls reach the system from the app's own process so far"),
            test: "everyDeliveryCrossesAsTheSameValue"
        ) { _ in
            "From its own process every call of the runtime reaches the system and every delivery reaches the app "
                + "(the lifecycle, background tasks, timers, background fetch, BGTaskScheduler, notifications, pushes, "
                + "calls, Now Playing, MetricKit, Data Protection and its files), and so do the services that talk by "
                + "messages (VoIPSocket, audio, location, Newsstand): nothing of the system's process reaches the app as "
                + "a closure."
        },
    ]
}
