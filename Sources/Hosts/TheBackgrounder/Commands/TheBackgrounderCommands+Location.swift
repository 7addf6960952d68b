import BackgroundCommands
import BackgrounderHost
import BackgroundRuntime
import Foundation
import Location
import LocationSystem

extension TheBackgrounderCommands {
    /// The Location tab: its switch and accuracy segment, the distance filter, the source of
    /// fixes (the Simulator's Debug ▸ Location menu), and the stored track. The screen's
    /// controls are taps (``Backgrounder/tap(_:_:for:)``); the source, the user's answers to
    /// the permission alert and Settings act on the system's ``LocationService``; the stored
    /// track is read from the app's data directory, as Xcode reads an app's container.
    static let location: [Command] = [
        Command("location on", help: "Turn the Location tab's switch on: start location updates.") { backgrounder, arguments throws(CommandError) in
            try await backgrounder.tap("location on", for: arguments)
        },
        Command("location off", help: "Turn the Location tab's switch off: stop location updates.") { backgrounder, arguments throws(CommandError) in
            try await backgrounder.tap("location off", for: arguments)
        },
        Command(
            "location accuracy", arguments: "NAME", arity: 1...1,
            help: "Choose the accuracy segment: \(LocationAccuracy.allCases.map(\.rawValue).joined(separator: ", "))."
        ) { backgrounder, arguments throws(CommandError) in
            let accuracy: LocationAccuracy = try arguments.value(0)
            return try await backgrounder.tap("location accuracy", [accuracy.rawValue], for: arguments)
        },
        Command(
            "location distance-filter", arguments: "METERS", arity: 1...1,
            help: "Deliver a fix only after the device moved METERS from the last one (none: every fix)."
        ) { backgrounder, arguments throws(CommandError) in
            let filter: DistanceFilter = try arguments.value(0)
            return try await backgrounder.tap("location distance-filter", [filter.meters.map { "\($0)" } ?? "none"], for: arguments)
        },
        Command(
            "location route", arguments: "NAME|PATH [SPEED]", arity: 1...2,
            help: "Simulate a route: \(BuiltInRoute.allCases.map(\.rawValue).joined(separator: ", ")) (they loop), or a GPX or NMEA file, at SPEED times real time (default 1); none stops simulating and follows gpsd at \(GPSDEndpoint.standard) again."
        ) { backgrounder, arguments throws(CommandError) in
            if arguments[0].lowercased() == "none" {
                try backgrounder.location.followGPSD(at: .standard)
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
            try backgrounder.location.simulate(track, speed: speed.factor, loops: builtIn != nil)
            return .done
        },
        Command(
            "location authorize", arguments: "always|whenInUse|once|denied", arity: 1...1,
            help: "Press a button of the location permission alert (each button's answer is in status's alerts), or change the app's authorization in Settings ▸ Privacy: always, whenInUse, once (Allow Once, iOS 13 and later) or denied."
        ) { backgrounder, arguments throws(CommandError) in
            let answer = try arguments.value(0, as: LocationAuthorization.self)
            let location = try backgrounder.location
            return try userAnswer(arguments) { () throws(LocationAnswerError) in try location.authorize(answer) }
        },
        Command(
            "location precise", arguments: "on|off", arity: 1...1,
            help: "The Precise switch of the location permission alert, or Settings' Precise Location (iOS 14 and later): off gives the app approximate locations."
        ) { backgrounder, arguments throws(CommandError) in
            let precise = try arguments.value(0, as: OnOff.self) == .on
            let location = try backgrounder.location
            return try userAnswer(arguments) { () throws(LocationAnswerError) in try location.setPrecise(precise) }
        },
        Command(
            "location gpsd", arguments: "HOST:PORT", arity: 1...1,
            help: "Follow a real receiver through gpsd at HOST:PORT (gpsd's own is 127.0.0.1:2947)."
        ) { backgrounder, arguments throws(CommandError) in
            try backgrounder.location.followGPSD(at: try arguments.value(0))
            return .done
        },
        Command(
            "location export", arguments: "PATH", arity: 1...1,
            help: "Write the whole stored track to PATH as GPX 1.1."
        ) { backgrounder, arguments throws(CommandError) in
            let destination = URL(fileURLWithPath: arguments[0])
            do throws(TrackStoreError) {
                let store = try TrackStore.reading(url: TrackStore.url(inDataDirectory: backgrounder.dataDirectory))
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
            let location = try backgrounder.location
            do throws(TrackStoreError) {
                let (map, track) = try backgrounder.locationMap(location)
                try map.write(to: destination, path: track)
                return .output("Wrote the map of \(map.pins.count) pins to \(destination.path)")
            } catch {
                throw arguments.failure(error.description)
            }
        },
        locationSwitch(
            "location significant",
            help: "Turn the significant-change location service on or off: a fix each time the device has moved 500 m, at most one every 5 minutes, waking the app or, with Always authorization, launching it in the background."
        ),
        locationSwitch(
            "location visits",
            help: "Turn the visits service on or off: an arrival once the device has stayed within 100 m for 5 minutes, a departure when it leaves, waking the app or launching it in the background; Always authorization only."
        ),
        locationSwitch(
            "location session",
            help: "iOS 17 and later: begin or end a background activity session (CLBackgroundActivitySession), made in the foreground: the tab's updates go on in the background, also with When In Use, and the location indicator shows."
        ),
        Command(
            "location region add", arguments: "NAME LATITUDE LONGITUDE RADIUS", arity: 4...4,
            help: "Monitor a geofence: a circle of RADIUS meters around LATITUDE, LONGITUDE (degrees), named NAME (a region with that name is replaced). The app hears entries and exits even when suspended or terminated, with Always authorization; at most \(LocationManager.maximumMonitoredRegions) regions."
        ) { backgrounder, arguments throws(CommandError) in
            let latitude = try number(arguments, 1, named: "latitude", in: -90...90, unit: "degrees")
            let longitude = try number(arguments, 2, named: "longitude", in: -180...180, unit: "degrees")
            let radius = try number(
                arguments, 3, named: "radius", in: .leastNonzeroMagnitude...LocationManager.maximumRegionMonitoringDistance, unit: "meters")
            return try await backgrounder.tap(
                "location region add", [arguments[0], "\(latitude)", "\(longitude)", "\(radius)"], for: arguments)
        },
        Command(
            "location region remove", arguments: "NAME", arity: 1...1,
            help: "Stop monitoring the geofence named NAME."
        ) { backgrounder, arguments throws(CommandError) in
            try await backgrounder.tap("location region remove", [arguments[0]], for: arguments)
        },
        Command(
            "location region list",
            help: "List the monitored geofences and where the system last found the device: inside, outside or unknown."
        ) { backgrounder, _ throws(CommandError) in
            let service = try backgrounder.location
            let lines = service.monitoredRegions.map { region in
                let state = service.state(ofRegion: region.identifier) ?? .unknown
                return "\(region.identifier): \(Int(region.radius)) m around \(region.center.latitude), \(region.center.longitude), \(state.rawValue)"
            }
            return .output(lines.isEmpty ? "No regions are monitored" : lines.joined(separator: "\n"))
        },
    ]

    /// A `NAME on|off` switch of the Location screen, tapped by its name; its refusal is the command's error.
    private static func locationSwitch(_ name: String, help: String) -> Command {
        Command(name, arguments: "on|off", arity: 1...1, help: help) { backgrounder, arguments throws(CommandError) in
            let on = try arguments.value(0, as: OnOff.self) == .on
            return try await backgrounder.tap(name, [on ? "on" : "off"], for: arguments)
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
