import BackgroundWire

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
            origin: .iOS(source: "Apple, “About the background execution sequence”: “For apps that support one of the Background Modes capabilities, the system launches or resumes the app in the background to handle events associated with those capabilities”; a suspended app is resumed in this order: “1. The system resumes the app. 2. UIKit calls the app delegate’s applicationDidEnterBackground(_:) method. 3. UIKit delivers the event … 5. The app may be suspended again”"),
            test: "aSuspendedAppIsWokenForAnEventAndSuspendedWhenItIsHandled"
        ) { _ in
            "A suspended app is woken into the background for an event of its modes (socket data, a finished "
                + "download, a keep-alive): it hears didEnterBackground first, then the event, and is suspended again "
                + "once it handled it and didEnterBackground returned."
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
