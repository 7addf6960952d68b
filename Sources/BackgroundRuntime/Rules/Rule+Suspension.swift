extension Rule {
    /// Suspension, wake-ups and background modes (`SystemStateMachine+Activities.swift`).
    static let suspension: [Rule] = [
        Rule(
            "suspend-when-idle",
            origin: .iOS(source: "Apple, “About the background execution sequence”"),
            test: "endingTheLastAssertionInTheBackgroundSuspendsTheApp"
        ) { _ in
            "A background app is suspended once didEnterBackground returned and nothing keeps it running: no "
                + "assertion, no work of a declared background mode, no event being handled."
        },
        Rule(
            "suspended-runs-no-code",
            origin: .iOS(source: "Apple, “About the background execution sequence” (a suspended app runs no code); Foundation, Timer: a repeating timer that missed several firing times fires only once"),
            test: "timersDoNotFireWhileSuspendedAndAMissedRepeatingTimerFiresOnceOnResume"
        ) { _ in
            "A suspended app runs no code: its timers do not fire and callbacks wait; a timer that fell due "
                + "fires once when the app runs again, never in a burst."
        },
        Rule(
            "modes-must-be-declared",
            origin: .iOS(source: "Apple, Information Property List, UIBackgroundModes"),
            test: "anUndeclaredModeActivityDoesNotKeepTheAppRunning"
        ) { _ in
            "Work of a background mode (audio playing, location updates, a VoIP socket) keeps the app running "
                + "only if UIBackgroundModes declares the mode."
        },
        Rule(
            "wake-for-events",
            origin: .iOS(source: "Apple, iOS App Programming Guide, “Background Execution”: the system wakes a suspended app for the events of its background modes"),
            test: "aSuspendedAppIsWokenForAnEventAndSuspendedWhenItIsHandled"
        ) { _ in
            "A suspended app is woken into the background for an event of its modes (socket data, a finished "
                + "download, a keep-alive) and suspended again once it handled it."
        },
        Rule(
            "debugger-keeps-the-app-running",
            origin: .iOS(source: "Apple Developer Forums, “BGProcessingTask” (DTS): with a debugger attached “watchdogs will be disabled”; an app run from Xcode is not suspended"),
            test: "withTheDebuggerAttachedTheAppIsNeverSuspendedNorKilled"
        ) { _ in
            "With --debugger-attached, as when run from Xcode, the app is never suspended and no watchdog "
                + "kills it: what works this way may still fail on a device."
        },
    ]
}
