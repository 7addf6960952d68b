import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

extension Rule {
    /// The iOS 17 location APIs (``LocationUpdate``, ``BackgroundActivitySession``, ``LocationMonitor``).
    static let modernLocation: [Rule] = [
        Rule(
            "modern-location-apis-era",
            origin: .iOS(source: "Apple, CLLocationUpdate, CLBackgroundActivitySession and CLMonitor: “iOS 17.0+”; WWDC 2023 “Discover streamlined location updates” and “Meet Core Location Monitor”"),
            test: "beforeIOS17TheModernAPIsAreUnavailable"
        ) { profile in
            profile.hasModernLocationAPIs
                ? "CLLocationUpdate.liveUpdates(), CLBackgroundActivitySession and CLMonitor exist."
                : "CLLocationUpdate.liveUpdates(), CLBackgroundActivitySession and CLMonitor do not exist before iOS 17: using them fails with an error that names the API and both versions."
        },
        Rule(
            "live-updates", eras: 17...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "WWDC 2023 “Discover streamlined location updates”: liveUpdates “returns an AsyncSequence … iterated using for/try/await” of CLLocationUpdate, each with a location; breaking out of the loop stops the updates"),
            test: "liveUpdatesAreAnAsyncSequenceOfFixesThatStopsWithTheLoop"
        ) { _ in
            "LocationUpdate.liveUpdates() is an async sequence of updates, each with a fix; they start with the loop and "
                + "stop when it ends. Backgrounder does not model isStationary."
        },
        Rule(
            "location-monitor", eras: 17...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, CLMonitor requestMonitorWithConfiguration:completion:: “Conditions you add to an instance of CLMonitor persist until you remove them from monitoring. However, Core Location stops monitoring conditions if an event is pending for them, and there isn’t a configured CLMonitor to receive it”; WWDC 2023 “Meet Core Location Monitor”: events as an async sequence, the app relaunched in the background reopens its monitor by name"),
            test: "aTerminatedAppIsLaunchedAndTheEventWaitsForTheMonitorOfItsName"
        ) { _ in
            "A LocationMonitor's conditions are kept by name across launches until removed; a change wakes or launches "
                + "the app (launch reason location) and waits until a monitor of that name is open, then comes as its events."
        },
        Rule(
            "monitor-conditions-as-regions", eras: 17...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple does not say when a CircularGeographicCondition changes state or how many a monitor holds; deciding them as region crossings (20 s, 200 m past the boundary, half the radius into a small one), with Always authorization, at most 20 per monitor, and no event for the first state, is Backgrounder’s"),
            test: "aCircularConditionOfTheLocationMonitorIsSatisfiedOnEntryAndUnsatisfiedOnExit"
        ) { _ in
            "A circular condition is satisfied when the device enters it and unsatisfied when it leaves, decided as "
                + "region crossings are; a monitor holds at most 20, and only Always authorization brings changes."
        },
        Rule(
            "background-activity-session", eras: 17...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "WWDC 2023 “Discover streamlined location updates” (a CLBackgroundActivitySession lets a When In Use app go on receiving updates in the background, with the indicator); Apple, CLBackgroundActivitySession.invalidate(): “ends the session immediately. The system terminates any UI that displays a visual indication”; Apple Developer Forums 767865 (an Apple engineer): a session “started from background (which is prohibited)” reports insufficientlyInUse"),
            test: "aBackgroundActivitySessionKeepsAWhenInUseAppReceivingInTheBackground"
        ) { _ in
            "While the app holds a CLBackgroundActivitySession, its updates go on in the background, also with When In "
                + "Use and without allowsBackgroundLocationUpdates, and the location indicator shows; invalidating it ends "
                + "both. It must begin in the foreground."
        },
        Rule(
            "background-activity-session-needs-the-mode", eras: 17...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "WWDC 2023 “Discover streamlined location updates” adds the location updates background mode before using the session; failing a session without it, as allowsBackgroundLocationUpdates does, is Backgrounder’s reading"),
            test: "aSessionCannotBeginInTheBackgroundOrWithoutTheMode"
        ) { _ in
            "A background activity session needs location in UIBackgroundModes; without it, or begun in the "
                + "background, it fails with an error that says why."
        },
    ]
}
