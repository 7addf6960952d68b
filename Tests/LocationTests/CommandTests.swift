import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing
@testable import TheBackgrounder

/// The Location commands of the headless console, on TheBackgrounder with manual time.
@Suite("Location commands", .temporaryDirectory)
struct LocationCommandTests {
    private func makeBackgrounder(
        dataDirectory: URL = TemporaryDirectory.make(), answer: LocationAuthorization = .always, iOS: Int = 10
    ) throws -> Backgrounder {
        let backgrounder = Backgrounder.onTestDevice(Configuration(
            profile: try #require(PolicyProfile(iOS: iOS)), infoPlist: try BundledResources.infoPlist(),
            dataDirectory: dataDirectory, consoleOutput: nil, locationAuthorization: answer))
        backgrounder.start()
        return backgrounder
    }

    private func location(_ backgrounder: Backgrounder) throws -> [String: Any] {
        let status = try #require(try JSONSerialization.jsonObject(with: Data(backgrounder.device.statusJSON().utf8)) as? [String: Any])
        return try #require((status["screens"] as? [String: Any])?["location"] as? [String: Any])
    }

    private func run(_ backgrounder: Backgrounder, _ lines: [String]) async {
        for line in lines {
            let result = await backgrounder.execute(line)
            #expect(result == .done, "\(line)")
        }
    }

    @Test func theTutorialsFreewayDriveIsLoggedInTheBackgroundAndItsPinsSurviveARestart() async throws {
        let data = TemporaryDirectory.make()
        let backgrounder = try makeBackgrounder(dataDirectory: data)
        await run(backgrounder, ["location route freeway-drive", "location on", "home", "wait 10"])
        let lines = backgrounder.device.console.recentMessages.filter { $0.hasPrefix("App is backgrounded. New location is ") }
        #expect(lines.count == 10)
        let track = try BuiltInRoute.freewayDrive.track()
        let sample = track.sample(at: 1)
        let first = Location(
            coordinate: sample.coordinate, altitude: sample.altitude!, horizontalAccuracy: 5, verticalAccuracy: 5,
            speed: sample.speed, course: sample.course, timestamp: Device.manualEpoch.addingTimeInterval(1))
        #expect(lines.first == "App is backgrounded. New location is \(first)")
        // The second point of the route, as the tutorial's second line (speed 9.18 mps / course 251.37).
        #expect(lines.first?.hasPrefix("App is backgrounded. New location is <+37.33498602,-122.03282175> +/- 5.00m (speed 9.20 mps / course 253.69) @ ") == true)
        await run(backgrounder, ["open"])
        var screen = try location(backgrounder)
        #expect(screen["pins"] as? Int == 11)
        #expect(screen["storedCount"] as? Int == 11)
        #expect(screen["region"] is [String: Any])
        await backgrounder.quit()

        let restarted = try makeBackgrounder(dataDirectory: data)
        screen = try location(restarted)
        #expect(screen["storedCount"] as? Int == 11)
        #expect(screen["pins"] as? Int == 11)
        #expect(screen["on"] as? Bool == false)
    }

    @Test func wrongArgumentsGetClearErrors() async throws {
        let backgrounder = try makeBackgrounder()
        func failure(_ line: String) async -> String? {
            if case .failed(let error) = await backgrounder.execute(line) { return error.description }
            return nil
        }
        #expect(await failure("location accuracy fast")
            == "location accuracy: \"fast\" is not an accuracy; choose bestForNavigation, best, nearestTenMeters, hundredMeters, kilometer, threeKilometers")
        #expect(await failure("location distance-filter -3") == "location distance-filter: \"-3\" is not none or a number of meters from 0 to 20000000")
        #expect(await failure("location route /nonexistent/walk.gpx") == "location route: /nonexistent/walk.gpx: cannot read it: no such file")
        #expect(await failure("location route city-run 0") == "location route: speed \"0\" is not a number above 0 and at most 1000")
        #expect(await failure("location gpsd localhost:70000") == "location gpsd: \"localhost:70000\" is not HOST:PORT with a port from 1 to 65535")
        #expect(await failure("location route") == "usage: location route NAME|PATH [SPEED]")
        #expect(await failure("location export /nonexistent/x.gpx") == "location export: cannot write to /nonexistent/x.gpx: the folder /nonexistent does not exist")
        await run(backgrounder, ["home"])
        #expect(await failure("location on") == "the app is not on screen (it is suspended); open it first")
        // The menu works whatever the app's state, as the Simulator's does.
        #expect(await backgrounder.execute("location route city-bicycle-ride 2") == .done)
        #expect(backgrounder.location.source.name == "City Bicycle Ride")
        #expect(await backgrounder.execute("location gpsd 127.0.0.1:2947") == .done)
        #expect(backgrounder.location.source.name == "gpsd at 127.0.0.1:2947")
    }

    @Test func accuracyAndDistanceFilterReachTheManager() async throws {
        let backgrounder = try makeBackgrounder()
        await run(backgrounder, ["location accuracy nearest-ten-meters", "location distance-filter 25"])
        let screen = try location(backgrounder)
        #expect(screen["accuracy"] as? String == "nearestTenMeters")
        #expect(screen["distanceFilter"] as? Double == 25)
        await run(backgrounder, ["location distance-filter none"])
        #expect(try location(backgrounder)["distanceFilter"] is NSNull)
    }

    @Test func aRouteFileWithBadPointsSaysWhatWasSkipped() async throws {
        let file = TemporaryDirectory.make().appendingPathComponent("walk.gpx")
        var text = TrackFixtures.gpx(count: 5)
        text = text.replacingOccurrences(of: "<trkpt lat=\"37.33509919\"", with: "<trkpt lat=\"97.33509919\"")
        try Data(text.utf8).write(to: file)
        let backgrounder = try makeBackgrounder()
        await run(backgrounder, ["location route \(file.path)"])
        let messages = backgrounder.device.console.recentMessages
        #expect(messages.contains("Location: \(file.path):4: latitude 97.33509919 is over 90; point skipped"))
        #expect(messages.contains("Location source: Test Walk"))
    }

    @Test func exportAndMapWriteFilesOfTheStoredTrack() async throws {
        let backgrounder = try makeBackgrounder()
        await run(backgrounder, ["location route city-run", "location on", "wait 30"])
        let folder = TemporaryDirectory.make()
        #expect(await backgrounder.execute("location export \(folder.path)/run.gpx") == .output("Exported 31 locations to \(folder.path)/run.gpx"))
        #expect(try TrackFile.load(path: "\(folder.path)/run.gpx").points.count == 31)
        #expect(await backgrounder.execute("location map \(folder.path)/run.svg") == .output("Wrote the map of 31 pins to \(folder.path)/run.svg"))
        let svg = try String(contentsOfFile: "\(folder.path)/run.svg", encoding: .utf8)
        #expect(svg.contains("31 stored fixes · 31 pins"))
        #expect(svg.contains("id=\"region\""))
    }

    @Test func deniedAuthorizationFromTheCommandLine() async throws {
        let backgrounder = try makeBackgrounder(answer: .denied)
        await run(backgrounder, ["location route freeway-drive", "location on", "wait 3"])
        #expect(backgrounder.device.console.recentMessages.contains("Location updates failed: the user denied the use of location (kCLErrorDenied)"))
        #expect(try location(backgrounder)["storedCount"] as? Int == 0)
    }

    @Test func thePermissionAlertIsAnsweredByItsButtonsCommands() async throws {
        let backgrounder = try makeBackgrounder(answer: .ask, iOS: 17)
        func failure(_ line: String) async -> String? {
            if case .failed(let error) = await backgrounder.execute(line) { return error.description }
            return nil
        }
        let alert = try #require(backgrounder.device.alerts.onScreen.first)
        #expect(alert.buttons.map(\.command) == [
            "location precise off", "location authorize once", "location authorize whenInUse", "location authorize denied",
        ])
        #expect(await failure("location authorize always")
            == "location authorize: the alert on screen has no always answer; its buttons are Precise: On, Allow Once, Allow While Using App, Don’t Allow")
        #expect(await failure("location authorize never")
            == "location authorize: \"never\" is not always, whenInUse, once or denied")
        await run(backgrounder, ["location precise off", "location authorize once", "location route city-run", "location on", "wait 2"])
        var screen = try location(backgrounder)
        #expect(screen["authorization"] as? String == "authorizedWhenInUse")
        #expect(screen["accuracyAuthorization"] as? String == "reducedAccuracy")
        #expect(screen["storedCount"] as? Int == 1)
        // Settings' Precise Location.
        await run(backgrounder, ["location precise on", "wait 2"])
        screen = try location(backgrounder)
        #expect(screen["accuracyAuthorization"] as? String == "fullAccuracy")
        #expect(await failure("location authorize once") == "location authorize: once answers the permission alert, and none is on screen")
        await backgrounder.quit()

        let ten = try makeBackgrounder(answer: .ask)
        if case .failed(let error) = await ten.execute("location precise off") {
            #expect(error.description == "location precise: Precise Location came with iOS 14; this is iOS 10")
        } else {
            Issue.record("location precise worked on iOS 10")
        }
        await ten.quit()
    }

    @Test func cityRunThroughAGeofenceAfterTerminateLaunchesTheAppForTheEntry() async throws {
        let backgrounder = try makeBackgrounder()
        let park = try BuiltInRoute.cityRun.track().sample(at: 300).coordinate
        await run(backgrounder, [
            "location route city-run", "location region add Park \(park.latitude) \(park.longitude) 150", "terminate", "wait 600",
        ])
        let console = backgrounder.device.console.recentMessages
        let app = backgrounder.device.infoPlist.bundleName
        #expect(console.contains("Launching \(app) in the background (location): the device entered region Park"))
        #expect(console.contains("App is backgrounded. Entered region Park"))
        let regions = try #require(try location(backgrounder)["regions"] as? [[String: Any]])
        #expect(regions.count == 1)
        #expect(regions.first?["identifier"] as? String == "Park")
        #expect(regions.first?["radius"] as? Double == 150)
        #expect(["inside", "outside"].contains(regions.first?["state"] as? String))
        // The map marks the entry where the app heard it, inside the geofence.
        let marks = try #require(try location(backgrounder)["marks"] as? [[String: Any]])
        let entry = try #require(marks.first)
        #expect(entry["kind"] as? String == "entry")
        #expect(entry["label"] as? String == "Park")
        let at = Coordinate(latitude: try #require(entry["latitude"] as? Double), longitude: try #require(entry["longitude"] as? Double))
        #expect(at.distance(to: park) <= 150)
        // The SVG map shows it too.
        let svgURL = TemporaryDirectory.make().appendingPathComponent("map.svg")
        #expect(await backgrounder.execute("location map \(svgURL.path)") == .output("Wrote the map of 0 pins to \(svgURL.path)"))
        #expect(try String(contentsOf: svgURL, encoding: .utf8).contains("<title>entry Park</title>"))
        #expect(await backgrounder.execute("location region list") == .output(
            "Park: 150 m around \(park.latitude), \(park.longitude), \(backgrounder.location.state(ofRegion: "Park")!.rawValue)"))
    }

    @Test func visitsAreSwitchedByCommandAndShownInStatus() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(try location(backgrounder)["visits"] as? Bool == false)
        await run(backgrounder, ["location visits on"])
        #expect(try location(backgrounder)["visits"] as? Bool == true)
        let wrong = await backgrounder.execute("location visits maybe")
        #expect(wrong == .failed(.invalidArgument(#"location visits: "maybe" is not on or off"#)), "\(wrong)")
        await run(backgrounder, ["location visits off"])
        #expect(try location(backgrounder)["visits"] as? Bool == false)
    }

    @Test func theBackgroundActivitySessionIsAnIOS17CommandShownInStatus() async throws {
        let ten = try makeBackgrounder()
        #expect(await ten.execute("location session on") == .failed(.invalidArgument(
            "location session: CLBackgroundActivitySession came with iOS 17; this is iOS 10")))
        #expect(try location(ten)["backgroundActivitySession"] as? Bool == false)
        await ten.quit()

        let seventeen = try makeBackgrounder(iOS: 17)
        await run(seventeen, ["location session on"])
        #expect(try location(seventeen)["backgroundActivitySession"] as? Bool == true)
        await run(seventeen, ["location session off"])
        #expect(try location(seventeen)["backgroundActivitySession"] as? Bool == false)
        await seventeen.quit()
    }

    @Test func regionCommandsNameWhatIsWrong() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute("location region list") == .output("No regions are monitored"))
        for (line, message) in [
            ("location region add Home 91 0 100", #"location region add: latitude "91" is not a number of degrees from -90 to 90"#),
            ("location region add Home 0 east 100", #"location region add: longitude "east" is not a number of degrees from -180 to 180"#),
            ("location region add Home 0 0 0", #"location region add: radius "0" is not a number of meters above 0 and at most 400000"#),
            ("location region add Home 0 0 nan", #"location region add: radius "nan" is not a number of meters above 0 and at most 400000"#),
            ("location region remove Work", "location region remove: no region named Work is monitored (none is)"),
        ] {
            #expect(await backgrounder.execute(line) == .failed(.invalidArgument(message)))
        }
        for index in 1...20 { await run(backgrounder, ["location region add R\(index) 0 \(index) 100"]) }
        let app = backgrounder.device.infoPlist.bundleName
        #expect(await backgrounder.execute("location region add R21 0 21 100") == .failed(.invalidArgument(
            "location region add: region monitoring failed (kCLErrorRegionMonitoringFailure): \(app) monitors 20 regions already, the most an app may; region R21 is not monitored")))
        await run(backgrounder, ["location region remove R1"])
        #expect(backgrounder.location.monitoredRegions.count == 19)
        #expect(try (location(backgrounder)["regions"] as? [Any])?.count == 19)
        await run(backgrounder, ["home"])
        #expect(await backgrounder.execute("location region add R1 0 1 100") != .done)
    }
}
