import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import Testing

/// A minimal app with one Location screen, on a manual device with its own location service
/// and a fresh data directory. The screen reaches the service by its messages only.
@AppMain
final class LocationApp: ApplicationDelegate {
    let screen: LocationScreen

    init(application: Application, storeURL: URL) {
        screen = LocationScreen(application: application, storeURL: storeURL)
    }
}

/// What a Location test drives: the device, its location service and the app's store.
struct LocationRig {
    let device: TestDevice
    let service: LocationService
    let storeURL: URL

    /// The usage descriptions of the rig's Info.plist, one text per key.
    static let alwaysText = "Always: pins on a map"
    static let whenInUseText = "While using: pins on a map"
    static let alwaysAndWhenInUseText = "Always and while using: pins on a map"

    /// A manual device whose Info.plist declares `modes` and has the usage descriptions unless
    /// `usageDescriptions` is false. `storeURL` defaults to a new temporary directory.
    init(
        modes: Set<BackgroundMode> = [.location], usageDescriptions: Bool = true, iOS: Int = 10,
        answer: LocationAuthorization = .always, storeURL: URL = TemporaryDirectory.make().appendingPathComponent("track.sqlite")
    ) {
        let plist = InfoPlist(
            backgroundModes: modes, locationAlwaysUsageDescription: usageDescriptions ? Self.alwaysText : nil,
            locationWhenInUseUsageDescription: usageDescriptions ? Self.whenInUseText : nil,
            locationAlwaysAndWhenInUseUsageDescription: usageDescriptions ? Self.alwaysAndWhenInUseText : nil)
        device = TestDevice(profile: PolicyProfile(iOS: iOS)!, infoPlist: plist) { application in
            LocationApp(application: application, storeURL: storeURL)
        }
        service = LocationService(device: device, answer: answer)
        self.storeURL = storeURL
    }

    /// Runs `body` with the screen, if the app's code can run now.
    @discardableResult
    func screen<T: Sendable>(_ body: @escaping @AppMain @Sendable (LocationScreen) -> T) -> T? {
        device.perform { application in body((application.delegate as! LocationApp).screen) }
    }

    /// The console's messages that contain `text`.
    func lines(containing text: String) -> [String] {
        device.console.recentMessages.filter { $0.contains(text) }
    }

    /// The backgrounded location lines so far.
    var backgroundedLines: [String] { lines(containing: "App is backgrounded. New location is") }

    /// The fixes the screen has stored, read back from its store.
    func storedFixes() throws -> [Location] {
        var fixes: [Location] = []
        try TrackStore.reading(url: storeURL).forEach { fixes.append($0) }
        return fixes
    }

    /// The screen's last published snapshot.
    var snapshot: LocationSnapshot? { device.snapshot(for: .location) }

    /// Simulates `track` from now on, played once.
    func simulate(_ track: Track, speed: Double = 1) {
        service.simulate(track, speed: speed, loops: false)
    }

    /// Presses the button titled `title` of the alert on screen, as the web UI does: by running
    /// its command (`location authorize …` or `location precise …`).
    func press(_ title: String) throws {
        let alert = try #require(device.alerts.onScreen.first, "no alert on screen")
        let button = try #require(alert.buttons.first { $0.title == title }, "no button \(title) in \(alert.buttons.map(\.title))")
        let words = button.command.split(separator: " ").map(String.init)
        switch (words.first, words.dropFirst().first, words.last) {
        case ("location", "authorize", let answer?):
            try service.authorize(try #require(LocationAuthorization(rawValue: answer)))
        case ("location", "precise", let on?):
            try service.setPrecise(on == "on")
        default:
            Issue.record("unknown command \(button.command)")
        }
        device.runUntilIdle()
    }

    /// The titles of the buttons of the alert on screen.
    var alertButtons: [String] { device.alerts.onScreen.first?.buttons.map(\.title) ?? [] }

    /// Launches the app on a 600-point walk and turns the screen's switch on.
    func launchAndSwitchOn() throws {
        device.launch()
        simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 600)))
        screen { $0.setOn(true) }
    }
}
