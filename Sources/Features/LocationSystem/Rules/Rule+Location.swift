import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

extension Rule {
    /// Core Location's rules as the location service enforces them (``LocationService``,
    /// ``LocationPermission``, ``PermissionPrompt``, ``PauseWatch``, ``ApproximateLocation``,
    /// ``RegionMonitor``, ``SignificantChangeFilter``, ``VisitDetector``, ``BackgroundActivitySession``).
    public static let location: [Rule] = background + accuracy + pauses + permission + approximateLocation + regionMonitoring
        + significantChanges + visits + modernLocation

    private static let latest = PolicyProfile.supportedVersions.upperBound

    private static let background: [Rule] = [
        Rule(
            "location-background-mode",
            origin: .iOS(source: "Apple, “Handling location updates in the background” (the system suspends most apps shortly after they move to the background; suspended apps don’t receive location updates) and UIBackgroundModes location; “Background Modes in iOS Tutorial” (2013): “App registers for location updates”"),
            test: "withoutTheModeTheAppIsSuspendedGetsNothingAndTheConsoleSaysWhy"
        ) { profile in
            let property = profile.iOSVersion >= 9 ? " and allowsBackgroundLocationUpdates" : ""
            return "Location updates keep the app running in the background only with location in UIBackgroundModes\(property); "
                + "otherwise the app is suspended and gets no updates until it runs again, and a diagnostic says why."
        },
        Rule(
            "allows-background-location-updates", eras: 9...latest,
            origin: .iOS(source: "Apple, CLLocationManager.allowsBackgroundLocationUpdates (iOS 9): apps that want updates when suspended must declare the location mode “and set the value of this property to true”; “The default value of this property is false”; the iOS 9 SDK header: “Resetting this property to NO is equivalent to omitting \"location\" from the UIBackgroundModes value”"),
            test: "withoutAllowsBackgroundLocationUpdatesTheAppIsSuspendedWithADiagnostic"
        ) { _ in
            "allowsBackgroundLocationUpdates is false by default: a manager that does not set it true gets no updates in "
                + "the background even with the location mode; the app is suspended, with a diagnostic. The Location tab "
                + "sets it, as the 2016 tutorial’s readers had to."
        },
        Rule(
            "allows-background-needs-the-mode", eras: 9...latest,
            origin: .iOS(source: "Apple, allowsBackgroundLocationUpdates: setting it true without the location mode “is a programmer error” (iOS 9 SDK header: “a fatal error”); crash reports: “Assertion failure in -[CLLocationManager setAllowsBackgroundLocationUpdates:]”, NSInternalInconsistencyException “Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)”"),
            test: "settingAllowsBackgroundLocationUpdatesOnTheLocationManagerWithoutTheModeCrashesTheApp"
        ) { _ in
            "Setting allowsBackgroundLocationUpdates to true when UIBackgroundModes lacks location crashes the app with "
                + "NSInternalInconsistencyException."
        },
        Rule(
            "location-while-running", eras: 8...latest,
            origin: .iOS(source: "Apple, allowsBackgroundLocationUpdates: “When the value of this property is false, apps receive location updates normally while running in either the foreground or background based on its current authorization”; iOS 9 SDK header: access is permitted while the app is running and “has WhenInUse authorization and is in use, or it has Always authorization”"),
            test: "anAppRunningInTheBackgroundForAnotherReasonGetsUpdatesOnlyWithAlways"
        ) { _ in
            "An app that runs in the background for another reason (a task assertion, audio) gets location updates "
                + "without a background session if it has Always authorization; with When In Use it gets none."
        },
        Rule(
            "when-in-use-in-the-background", eras: 8...latest,
            origin: .iOS(source: "Apple, CLAuthorizationStatus.authorizedWhenInUse and “Choosing the Location Services Authorization to Request” (updates started while in use go on in the background, with the blue bar); Kuba Suder, “Accessing user location data in iOS 8” (the blue bar)"),
            test: "whenInUseGoesOnInTheBackgroundWithTheBlueBarButCannotStartThere"
        ) { _ in
            "With When In Use authorization, updates started in the foreground go on in the background (the status bar "
                + "turns blue); updates cannot be started in the background."
        },
        Rule(
            "shows-background-location-indicator", eras: 11...latest,
            origin: .iOS(source: "Apple, CLLocationManager.showsBackgroundLocationIndicator (iOS 11): “A Boolean value that indicates whether the status bar changes its appearance when an app uses location services in the background”; “The default value of this property is false”; for apps with When In Use authorization the system changes the status bar's appearance whatever its value"),
            test: "anAlwaysAppShowsTheBlueBarOnlyWhenItAsks"
        ) { _ in
            "An app with Always authorization that uses the location in the background shows the location indicator (the "
                + "blue bar) only with showsBackgroundLocationIndicator set; one with When In Use shows it anyway."
        },
    ]

    private static let accuracy: [Rule] = [
        Rule(
            "coarse-fixes-delivered",
            origin: .iOS(source: "Apple, CLLocationManager.desiredAccuracy: “The location service does its best to achieve the requested accuracy; however, apps must be prepared to use less accurate data”"),
            test: "fixesCoarserThanTheDesiredAccuracyAreDelivered"
        ) { _ in
            "A fix less accurate than desiredAccuracy is delivered all the same; only invalid fixes (negative horizontal "
                + "accuracy) are dropped, and the distance filter applies."
        },
        Rule(
            "accuracy-sets-the-pace",
            origin: .model(reason: "Apple: coarser accuracies let Core Location save power (desiredAccuracy), without numbers; the interval per accuracy stands in for the battery"),
            test: "eachAccuracyDeliversItsExactCount"
        ) { _ in
            "The source is asked for a fix every 1 s for best and bestForNavigation, 2 s for nearestTenMeters, 5 s for "
                + "hundredMeters, 15 s for kilometer and 60 s for threeKilometers."
        },
    ]

    private static let pauses: [Rule] = [
        Rule(
            "automatic-pause", eras: 6...latest,
            origin: .model(reason: "Apple documents pausesLocationUpdatesAutomatically (default true), activityType as its cue and locationManagerDidPauseLocationUpdates, but not when a pause happens: pausing only in the background, the 100 m radius and the times per activity type are Backgrounder’s"),
            test: "updatesPauseInTheBackgroundOnceTheDeviceStaysStill"
        ) { _ in
            "With pausesLocationUpdatesAutomatically (the default), updates in the background pause once every fix stays "
                + "within 100 m for the activityType’s time: 5 minutes for automotiveNavigation, 10 for otherNavigation, "
                + "15 for other and fitness, 30 for airborne. The manager hears locationManagerDidPauseLocationUpdates and "
                + "the app may be suspended."
        },
        Rule(
            "paused-until-restarted", eras: 6...latest,
            origin: .iOS(source: "Apple, locationManagerDidResumeLocationUpdates(_:): “Core Location does not resume updates automatically after it pauses them”; pausesLocationUpdatesAutomatically: “After a pause occurs, it’s your responsibility to restart location services”"),
            test: "pausedUpdatesResumeOnlyWhenTheAppStartsThemAgain"
        ) { _ in
            "Paused updates stay paused until the app calls startUpdatingLocation() again, which delivers "
                + "locationManagerDidResumeLocationUpdates; the Location tab does so when it is opened."
        },
        Rule(
            "paused-restart-from-a-wake", eras: 8...latest,
            origin: .iOS(source: "Apple, pausesLocationUpdatesAutomatically: “After a pause occurs, it’s your responsibility to restart location services again when you determine that they’re needed … For apps that have in-use authorization, a pause to location updates ends access to location changes until the app launches again and is able to restart those updates”; CLAuthorizationStatus.authorizedAlways: the app “can start those services from either the foreground or the background”"),
            test: "pausedUpdatesRestartFromASignificantChangeThatWakesTheApp"
        ) { _ in
            "After a pause in the background only an event that wakes the app — a region crossing, a significant "
                + "change, a visit — lets it start updates again, and only with Always authorization; the Location tab "
                + "does so from that delegate callback."
        },
    ]

    private static let permission: [Rule] = [
        Rule(
            "usage-descriptions", eras: 8...latest,
            origin: .iOS(source: "“Background Modes Tutorial” (2016): without the key “location requests will silently fail”; Apple, “Requesting Always Authorization”: “If those keys are not present, authorization requests fail immediately”; NSLocationAlwaysUsageDescription (before iOS 11), NSLocationAlwaysAndWhenInUseUsageDescription (iOS 11)"),
            test: "aMissingUsageDescriptionFailsTheRequestAndTheConsoleSaysWhy"
        ) { profile in
            let keys = profile.iOSVersion <= 10
                ? "NSLocationAlwaysUsageDescription (Always) or NSLocationWhenInUseUsageDescription (When In Use)"
                : "NSLocationAlwaysAndWhenInUseUsageDescription and NSLocationWhenInUseUsageDescription (Always), or the latter (When In Use)"
            return "An authorization request without \(keys) in the Info.plist fails without a word; here a diagnostic names the key."
        },
        Rule(
            "permission-alert",
            origin: .iOS(source: "iOS 4–7: “Background Modes in iOS Tutorial” (2013), “the standard dialog … Tap OK”, and “[AppName] would like to use your current location” with OK / Don’t Allow; iOS 8–10: “Background Modes Tutorial” (2016), “Tap Allow”, and UI tests of the era (“Allow “…” to access your location even when you are not using the app?” [Don’t Allow] [Allow]); iOS 11–12: WWDC 2017 “What’s New in Location Technologies” (the three-option prompt) and UI tests (“Only While Using the App”, “Always Allow”); iOS 13 and later: WWDC 2019 “What’s New in Core Location” and UI tests (“Allow “…” to use your location?”: Allow Once, Allow While Using App, Don’t Allow); iOS 14: WWDC 2020 “What’s new in location” (the Precise switch)"),
            test: "eachEraShowsItsOwnPermissionAlert"
        ) { profile in
            let prompt = PermissionPrompt(.request(always: true), iOS: profile.iOSVersion)
            return "An Always request shows “\(prompt.title(app: "TheBackgrounder"))” with the buttons "
                + prompt.answers.compactMap(prompt.title(of:)).joined(separator: " · ")
                + (prompt.hasPreciseSwitch ? " and the Precise switch" : "")
                + "; the answer is remembered across launches."
        },
        Rule(
            "permission-answers",
            origin: .iOS(source: "Apple, CLAuthorizationStatus and requestAlwaysAuthorization(); WWDC 2017 “What’s New in Location Technologies” (When In Use offered with every Always request from iOS 11); WWDC 2019 “What’s New in Core Location” (Allow While Using App to an Always request is provisional Always)"),
            test: "eachButtonGivesItsAuthorization"
        ) { profile in
            let prompt = PermissionPrompt(.request(always: true), iOS: profile.iOSVersion)
            let answers = prompt.answers.map { answer in
                var permission = LocationPermission(iOS: profile.iOSVersion)
                _ = permission.request(always: true, ahead: .ask)
                try? permission.answer(answer)
                let kind = switch permission.grant {
                case .lasting: ""
                case .provisionalAlways: " (provisional)"
                case .temporary: " (temporary)"
                }
                return "\(prompt.title(of: answer) ?? answer.rawValue) gives \(permission.status)\(kind)"
            }
            return "To an Always request: " + answers.joined(separator: ", ") + "."
        },
        Rule(
            "allow-once", eras: 13...latest,
            origin: .model(reason: "Apple, requestAlwaysAuthorization(): Allow Once is “Temporary When in Use … Expires when your app is no longer in use”, and Core Location ignores Always requests meanwhile; taking “no longer in use” as the moment the app is suspended or ends is Backgrounder’s reading"),
            test: "allowOnceEndsWhenTheAppIsNoLongerInUseAndTheAppAsksAgain"
        ) { _ in
            "Allow Once gives When In Use until the app is suspended or ends; then the status is notDetermined again and "
                + "the app must ask again. Always requests are ignored meanwhile."
        },
        Rule(
            "provisional-always", eras: 13...latest,
            origin: .iOS(source: "Apple, requestAlwaysAuthorization(): Provisional Always is reported as Always until the second prompt, whose options are “Keep Only While Using” and “Change to Always Allow”; from lasting When In Use an Always request “immediately prompts”; WWDC 2019 “What’s New in Core Location”: the user is asked once"),
            test: "anAlwaysRequestFromWhenInUseShowsTheUpgradePromptAtOnce"
        ) { _ in
            "Allow While Using App to an Always request gives provisional Always (authorizedAlways). The upgrade prompt "
                + "(Keep Only While Using · Change to Always Allow) decides it, shown once; an Always request from When In "
                + "Use shows it at once."
        },
        Rule(
            "upgrade-prompt-moment", eras: 13...latest,
            origin: .model(reason: "Apple: the second prompt appears “only after an event occurs that requires Always authorization” and iOS picks a moment when the user is not busy; taking a fix delivered in the background as that event, and the next time the app is on screen as the moment, is Backgrounder’s model"),
            test: "allowWhileUsingAppToAnAlwaysRequestIsProvisionalAlwaysUntilTheUpgradePrompt"
        ) { _ in
            "With provisional Always, once a fix is delivered to the app in the background, the upgrade prompt shows the "
                + "next time the app is on screen."
        },
    ]

    private static let approximateLocation: [Rule] = [
        Rule(
            "approximate-location", eras: 14...latest,
            origin: .iOS(source: "WWDC 2020 “What’s new in location”: the Precise switch on the prompt, accuracyAuthorization .fullAccuracy / .reducedAccuracy, reduced locations “around 4 times an hour”; Apple, kCLLocationAccuracyReduced: “updating the location at most a few times per hour … usually within 1–20 kilometers”; desiredAccuracy: with reduced accuracy “changes to this property’s value have no effect”"),
            test: "theAlertsPreciseSwitchOffGivesApproximateFixesFourTimesAnHour"
        ) { _ in
            "With Precise off (on the prompt or in Settings) accuracyAuthorization is reducedAccuracy: the app gets "
                + "approximate fixes about four times an hour (here at most one every 15 minutes), whatever its desiredAccuracy."
        },
        Rule(
            "accuracy-authorization-changes", eras: 14...latest,
            origin: .iOS(source: "WWDC 2020 “What’s new in location”: locationManagerDidChangeAuthorization(_:) is “invoked when either authorization status or accuracy changes”"),
            test: "preciseLocationCanBeTurnedOffInSettingsAndTheManagerHears"
        ) { _ in
            "Turning Precise Location off or on in Settings changes accuracyAuthorization at once, and every location "
                + "manager hears locationManagerDidChangeAuthorization."
        },
        Rule(
            "approximate-fixes", eras: 14...latest,
            origin: .model(reason: "Apple says only that locations are reduced “in both space and time … selecting a nearby point of interest” and are “usually within 1–20 kilometers”; the grid of 0.05° cells and the accuracy covering the cell are Backgrounder’s"),
            test: "anApproximateFixIsItsCellsCenterAndCoversTheTruePosition"
        ) { _ in
            "An approximate fix is the center of its cell in a grid 0.05° of latitude high (about 5.6 km) and as wide, "
                + "with a horizontal accuracy covering the cell (about 4 km) and unknown altitude, speed and course."
        },
    ]
}
