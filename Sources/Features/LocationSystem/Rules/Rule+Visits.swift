import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

extension Rule {
    /// The visits service (``VisitDetector``, `LocationService+Visits.swift`).
    static let visits: [Rule] = [
        Rule(
            "visits-era",
            origin: .iOS(source: "Apple, CLVisit and startMonitoringVisits(): “iOS 8.0+”; WWDC 2014 “What’s New in Core Location”: visit monitoring is new in iOS 8"),
            test: "beforeIOS8ThereAreNoVisits"
        ) { profile in
            profile.visitsUnavailable.map { "The visits service does not exist: \($0.description)." }
                ?? "The visits service (startMonitoringVisits()) exists."
        },
        Rule(
            "visit-arrival-and-departure", eras: 8...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple, CLVisit: “when the user arrives at a location, the system may send an event with only an arrival time. When the user departs a location, the event can contain both the arrival time … and the departure time”; “Using the visits location service”: updates come “only when the user’s movements are noteworthy”, without numbers; the 100 m and the 5 minutes are Backgrounder’s"),
            test: "aStopOnTheRouteIsAnArrivalThenADeparture"
        ) { _ in
            "The visits service reports an arrival (departureDate distantFuture) once every fix has stayed within "
                + "\(Int(VisitDetector.radius)) m for \(Int(VisitDetector.arrivalAfter / 60)) minutes, and the departure, "
                + "with both dates, at the first fix farther away."
        },
        Rule(
            "visit-wakes-or-launches", eras: 8...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Choosing the Location Services Authorization to Request”: with Always, “If your app isn’t running, the system launches your app and delivers the event”; “Visit Monitoring in iOS” (Fabernovel, 2020): the service “will continue to run even when the app is suspended, and will launch the app in the background to deliver events”"),
            test: "aTerminatedAppIsLaunchedForTheArrivalAndGetsItOnceItStartsTheServiceAgain"
        ) { _ in
            "A visit wakes a suspended app and launches a terminated one in the background (launch reason location), "
                + "without the location background mode; the relaunched app gets it once it starts the service again."
        },
        Rule(
            "visit-needs-always", eras: 8...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, “Using the visits location service”: “The visits location service requires always authorization”"),
            test: "withWhenInUseVisitsBringNothing"
        ) { _ in
            "Only Always authorization brings visits; with When In Use the service starts and stays silent."
        },
    ]
}
