import BackgroundApp
import BackgroundWire
import LocationWire

/// The Location tab's controls as taps by name (``BackgroundRuntime/Device/tap(_:_:)``), which
/// reach the screen as messages in whichever process the app runs: the switch, the accuracy
/// segment, the distance filter, the services' switches and the geofences. The command line
/// checks the words before it taps; the screen reads them again, and refuses what it cannot
/// read, or what Core Location refused, in one sentence.
extension LocationScreen {
    /// Registers the screen's taps with its application.
    func handleTaps() {
        tap("location on") { screen, _ in screen.setOn(true) }
        tap("location off") { screen, _ in screen.setOn(false) }
        tap("location accuracy") { screen, words throws(AppCommandRefusal) in
            guard let accuracy = words.first.flatMap(LocationAccuracy.init(name:)) else { throw Self.unreadable(words, "an accuracy") }
            screen.selectAccuracy(accuracy)
        }
        tap("location distance-filter") { screen, words throws(AppCommandRefusal) in
            guard let filter = words.first.flatMap(DistanceFilter.init(parsing:)) else { throw Self.unreadable(words, "a distance filter") }
            screen.setDistanceFilter(filter)
        }
        tap("location significant") { screen, words throws(AppCommandRefusal) in screen.setSignificantChanges(try Self.switchPosition(words)) }
        tap("location visits") { screen, words throws(AppCommandRefusal) in try Self.refuse(screen.setVisits(try Self.switchPosition(words))) }
        tap("location session") { screen, words throws(AppCommandRefusal) in
            try Self.refuse(screen.setBackgroundActivitySession(try Self.switchPosition(words)))
        }
        tap("location region add") { screen, words throws(AppCommandRefusal) in
            let numbers = words.dropFirst().compactMap(Double.init)
            guard words.count == 4, numbers.count == 3 else { throw Self.unreadable(words, "NAME LATITUDE LONGITUDE RADIUS") }
            let region = CircularRegion(
                center: Coordinate(latitude: numbers[0], longitude: numbers[1]), radius: numbers[2], identifier: words[0])
            try Self.refuse(screen.monitor(region))
        }
        tap("location region remove") { screen, words throws(AppCommandRefusal) in
            guard let name = words.first else { throw Self.unreadable(words, "a region's name") }
            guard screen.stopMonitoringRegion(named: name) else {
                let names = screen.regions.map(\.identifier)
                throw AppCommandRefusal(
                    "no region named \(name) is monitored (" + (names.isEmpty ? "none is" : "monitored: " + names.joined(separator: ", ")) + ")")
            }
        }
    }

    /// Handles the taps named `name` with `body`, which has nothing to say.
    private func tap(_ name: String, _ body: @escaping @AppMain (LocationScreen, [String]) throws(AppCommandRefusal) -> Void) {
        application.handleTaps(named: name) { [weak self] words throws(AppCommandRefusal) in
            guard let self else { throw AppCommandRefusal("the Location screen is gone") }
            try body(self, words)
            return nil
        }
    }

    /// `on` or `off`, the only word.
    private static func switchPosition(_ words: [String]) throws(AppCommandRefusal) -> Bool {
        switch words.first?.lowercased() {
        case "on": true
        case "off": false
        default: throw unreadable(words, "on or off")
        }
    }

    private static func refuse(_ error: LocationError?) throws(AppCommandRefusal) {
        if let error { throw AppCommandRefusal(error.description) }
    }

    private static func unreadable(_ words: [String], _ expected: String) -> AppCommandRefusal {
        AppCommandRefusal("\"\(words.joined(separator: " "))\" is not \(expected)")
    }
}
