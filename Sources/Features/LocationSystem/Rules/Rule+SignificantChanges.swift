import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

extension Rule {
    /// The significant-change location service (``SignificantChangeFilter``, `LocationService+SignificantChanges.swift`).
    static let significantChanges: [Rule] = [
        Rule(
            "significant-change-distance",
            origin: .iOS(source: "Apple, startMonitoringSignificantLocationChanges(): “After returning a current location fix, the receiver generates update events only when a significant change in the user’s location is detected”; “Apps can expect a notification as soon as the device moves 500 meters or more from its previous notification. It should not expect notifications more frequently than once every five minutes”"),
            test: "aFixEvery500MetersAtMostEveryFiveMinutes"
        ) { _ in
            "The significant-change service delivers a fix at once, then one each time the device is "
                + "\(Int(SignificantChangeFilter.distance)) m from the last, no sooner than "
                + "\(SignificantChangeFilter.interval.components.seconds / 60) minutes after it; desiredAccuracy and distanceFilter play no part."
        },
        Rule(
            "significant-change-relaunch",
            origin: .iOS(source: "Apple, startMonitoringSignificantLocationChanges(): “If you start this service and your app is subsequently terminated, the system automatically relaunches the app into the background if a new event arrives … Upon relaunch, you must still configure a location manager object and call this method to continue receiving location events”"),
            test: "aTerminatedAppIsLaunchedAndGetsTheChangeOnceItStartsTheServiceAgain"
        ) { _ in
            "A significant change wakes a suspended app and launches a terminated one in the background (launch reason "
                + "location), without the location background mode; the relaunched app gets the fix once it starts the service again."
        },
        Rule(
            "location-event-time",
            origin: .iOS(source: "Apple, Location and Maps Programming Guide: a region crossing — “if the app is suspended when the event occurs, it’s woken up and given a short amount of time (around 10 seconds) to handle the event”; a significant change — at wake-up “you are given a small amount of time (around 10 seconds) to manually restart location services and process the location data”. That a visit gets the same 10 s is Backgrounder's model: Apple gives visits no time"),
            test: "anAppWokenForAnEventWithATimeLimitStopsBeingHeldForItWhenTheLimitPasses"
        ) { _ in
            "An app woken or launched for a region crossing, a significant change or a visit is kept running for the "
                + "event \(LocationService.eventTimeLimit.components.seconds) s at most: once its handler returns, or "
                + "when the 10 s pass, the app is suspended unless something else (a task assertion, a mode) keeps it running. "
                + "The 10 s count from when the app begins to handle the event (model: not its process's start on a loaded machine)."
        },
        Rule(
            "significant-change-when-in-use", eras: 8...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Choosing the Location Services Authorization to Request”: with When In Use the app receives events “while the app is in use … in the foreground or running in the background with the background location usage indicator enabled”; with Always, “If your app isn’t running, the system launches your app and delivers the event”"),
            test: "withWhenInUseASuspendedAppHearsNothing"
        ) { _ in
            "With When In Use authorization significant changes come only while the app is in use: on screen, or in "
                + "the background with updates that keep it running; they never wake or launch it."
        },
    ]
}
