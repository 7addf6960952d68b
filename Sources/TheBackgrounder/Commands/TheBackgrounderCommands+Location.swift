import BackgroundCommands
import BackgroundRuntime
import Foundation
import Location

extension TheBackgrounderCommands {
    /// The Location tab: its switch and accuracy segment, the distance filter, the source of
    /// fixes (the Simulator's Debug ▸ Location menu), and the stored track.
    static let location: [Command] = [
        Command("location on", help: "Turn the Location tab's switch on: start location updates.") { backgrounder, _ throws(CommandError) in
            try await backgrounder.onScreen { app in app.location.setOn(true) }
            return .done
        },
        Command("location off", help: "Turn the Location tab's switch off: stop location updates.") { backgrounder, _ throws(CommandError) in
            try await backgrounder.onScreen { app in app.location.setOn(false) }
            return .done
        },
        Command(
            "location accuracy", arguments: "NAME", arity: 1...1,
            help: "Choose the accuracy segment: \(LocationAccuracy.allCases.map(\.rawValue).joined(separator: ", "))."
        ) { backgrounder, arguments throws(CommandError) in
            let accuracy: LocationAccuracy = try arguments.value(0)
            try await backgrounder.onScreen { app in app.location.selectAccuracy(accuracy) }
            return .done
        },
        Command(
            "location distance-filter", arguments: "METERS", arity: 1...1,
            help: "Deliver a fix only after the device moved METERS from the last one (none: every fix)."
        ) { backgrounder, arguments throws(CommandError) in
            let filter: DistanceFilter = try arguments.value(0)
            try await backgrounder.onScreen { app in app.location.setDistanceFilter(filter) }
            return .done
        },
        Command(
            "location route", arguments: "NAME|PATH [SPEED]", arity: 1...2,
            help: "Simulate a route: \(BuiltInRoute.allCases.map(\.rawValue).joined(separator: ", ")) (they loop), or a GPX or NMEA file, at SPEED times real time (default 1); none stops simulating and follows gpsd at \(GPSDEndpoint.standard) again."
        ) { backgrounder, arguments throws(CommandError) in
            if arguments[0].lowercased() == "none" {
                backgrounder.location.followGPSD(at: .standard)
                return .done
            }
            let speed = try arguments.valueIfPresent(1, as: ReplaySpeed.self, named: "speed") ?? .realTime
            let builtIn = BuiltInRoute(rawValue: arguments[0].lowercased())
            let track: Track
            do throws(TrackError) {
                if let builtIn {
                    track = try builtIn.track()
                } else {
                    track = try TrackFile.load(path: arguments[0])
                }
            } catch {
                throw arguments.failure(error.description)
            }
            let console = backgrounder.device.console
            for issue in track.issues { console.log("Location: \(issue)") }
            if track.issueCount > track.issues.count {
                console.log("Location: \(track.issueCount - track.issues.count) more problems in \(arguments[0]) were skipped without a word")
            }
            backgrounder.location.simulate(track, speed: speed.factor, loops: builtIn != nil)
            return .done
        },
        Command(
            "location authorize", arguments: "always|whenInUse|once|denied", arity: 1...1,
            help: "Press a button of the location permission alert (each button's answer is in status's alerts), or change the app's authorization in Settings ▸ Privacy: always, whenInUse, once (Allow Once, iOS 13 and later) or denied."
        ) { backgrounder, arguments throws(CommandError) in
            let answer = try arguments.value(0, as: LocationAuthorization.self)
            return try userAnswer(arguments) { () throws(LocationAnswerError) in try backgrounder.location.authorize(answer) }
        },
        Command(
            "location precise", arguments: "on|off", arity: 1...1,
            help: "The Precise switch of the location permission alert, or Settings' Precise Location (iOS 14 and later): off gives the app approximate locations."
        ) { backgrounder, arguments throws(CommandError) in
            let precise = try arguments.value(0, as: OnOff.self) == .on
            return try userAnswer(arguments) { () throws(LocationAnswerError) in try backgrounder.location.setPrecise(precise) }
        },
        Command(
            "location gpsd", arguments: "HOST:PORT", arity: 1...1,
            help: "Follow a real receiver through gpsd at HOST:PORT (gpsd's own is 127.0.0.1:2947)."
        ) { backgrounder, arguments throws(CommandError) in
            backgrounder.location.followGPSD(at: try arguments.value(0))
            return .done
        },
        Command(
            "location export", arguments: "PATH", arity: 1...1,
            help: "Write the whole stored track to PATH as GPX 1.1."
        ) { backgrounder, arguments throws(CommandError) in
            let destination = URL(fileURLWithPath: arguments[0])
            do throws(TrackStoreError) {
                let store = try TrackStore.reading(url: TrackStore.url(inDataDirectory: backgrounder.configuration.dataDirectory))
                let count = try store.exportGPX(to: destination, name: "TheBackgrounder track")
                return .output("Exported \(count) locations to \(destination.path)")
            } catch {
                throw arguments.failure(error.description)
            }
        },
        Command(
            "location map", arguments: "PATH", arity: 1...1,
            help: "Draw the track, the pins, the region and the geofences as an SVG map at PATH (no tiles needed)."
        ) { backgrounder, arguments throws(CommandError) in
            let destination = URL(fileURLWithPath: arguments[0])
            do throws(TrackStoreError) {
                let (map, track) = try backgrounder.locationMap()
                try map.write(to: destination, path: track)
                return .output("Wrote the map of \(map.pins.count) pins to \(destination.path)")
            } catch {
                throw arguments.failure(error.description)
            }
        },
        locationSwitch(
            "location significant",
            help: "Turn the significant-change location service on or off: a fix each time the device has moved 500 m, at most one every 5 minutes, waking the app or, with Always authorization, launching it in the background."
        ) { screen, on in
            screen.setSignificantChanges(on)
            return nil
        },
        locationSwitch(
            "location visits",
            help: "Turn the visits service on or off: an arrival once the device has stayed within 100 m for 5 minutes, a departure when it leaves, waking the app or launching it in the background; Always authorization only."
        ) { screen, on in screen.setVisits(on) },
        locationSwitch(
            "location session",
            help: "iOS 17 and later: begin or end a background activity session (CLBackgroundActivitySession), made in the foreground: the tab's updates go on in the background, also with When In Use, and the location indicator shows."
        ) { screen, on in screen.setBackgroundActivitySession(on) },
        Command(
            "location region add", arguments: "NAME LATITUDE LONGITUDE RADIUS", arity: 4...4,
            help: "Monitor a geofence: a circle of RADIUS meters around LATITUDE, LONGITUDE (degrees), named NAME (a region with that name is replaced). The app hears entries and exits even when suspended or terminated, with Always authorization; at most \(LocationManager.maximumMonitoredRegions) regions."
        ) { backgrounder, arguments throws(CommandError) in
            let latitude = try number(arguments, 1, named: "latitude", in: -90...90, unit: "degrees")
            let longitude = try number(arguments, 2, named: "longitude", in: -180...180, unit: "degrees")
            let radius = try number(
                arguments, 3, named: "radius", in: .leastNonzeroMagnitude...LocationManager.maximumRegionMonitoringDistance, unit: "meters")
            let region = CircularRegion(
                center: Coordinate(latitude: latitude, longitude: longitude), radius: radius, identifier: arguments[0])
            if let failure = try await backgrounder.onScreen({ app in app.location.monitor(region) }) {
                throw arguments.failure(failure.description)
            }
            return .done
        },
        Command(
            "location region remove", arguments: "NAME", arity: 1...1,
            help: "Stop monitoring the geofence named NAME."
        ) { backgrounder, arguments throws(CommandError) in
            let name = arguments[0]
            guard try await backgrounder.onScreen({ app in app.location.stopMonitoringRegion(named: name) }) else {
                let names = backgrounder.location.monitoredRegions.map(\.identifier)
                throw arguments.failure(
                    "no region named \(name) is monitored (" + (names.isEmpty ? "none is" : "monitored: " + names.joined(separator: ", ")) + ")")
            }
            return .done
        },
        Command(
            "location region list",
            help: "List the monitored geofences and where the system last found the device: inside, outside or unknown."
        ) { backgrounder, _ throws(CommandError) in
            let service = backgrounder.location
            let lines = service.monitoredRegions.map { region in
                let state = service.state(ofRegion: region.identifier) ?? .unknown
                return "\(region.identifier): \(Int(region.radius)) m around \(region.center.latitude), \(region.center.longitude), \(state.rawValue)"
            }
            return .output(lines.isEmpty ? "No regions are monitored" : lines.joined(separator: "\n"))
        },
    ]

    /// A `NAME on|off` command of the Location screen: `set` turns it, and its failure is the command's error.
    private static func locationSwitch(
        _ name: String, help: String, _ set: @escaping @AppMain @Sendable (LocationScreen, Bool) -> LocationError?
    ) -> Command {
        Command(name, arguments: "on|off", arity: 1...1, help: help) { backgrounder, arguments throws(CommandError) in
            let on = try arguments.value(0, as: OnOff.self) == .on
            if let failure = try await backgrounder.onScreen({ app in set(app.location, on) }) {
                throw arguments.failure(failure.description)
            }
            return .done
        }
    }

    /// Word `index` as a number within `range`, or the command's error naming it, the word and the range.
    private static func number(
        _ arguments: CommandArguments, _ index: Int, named name: String, in range: ClosedRange<Double>, unit: String
    ) throws(CommandError) -> Double {
        guard let value = Double(arguments[index]), range.contains(value) else {
            let bounds = range.lowerBound == .leastNonzeroMagnitude
                ? "above 0 and at most \(Int(range.upperBound))" : "from \(Int(range.lowerBound)) to \(Int(range.upperBound))"
            throw arguments.failure("\(name) \"\(arguments[index])\" is not a number of \(unit) \(bounds)")
        }
        return value
    }

    /// Gives the user's answer with `body`; an answer the system refuses is the command's error.
    private static func userAnswer(
        _ arguments: CommandArguments, _ body: () throws(LocationAnswerError) -> Void
    ) throws(CommandError) -> CommandResult {
        do throws(LocationAnswerError) {
            try body()
        } catch {
            throw arguments.failure(error.description)
        }
        return .done
    }
}
