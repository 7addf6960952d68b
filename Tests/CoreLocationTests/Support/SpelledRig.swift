import BackgroundRuntime
import Location
import LocationSystem

/// A manual device whose app is Apple-spelled code (`make` makes its delegate at each launch), with
/// the location service answering its requests with `answer`, and a route to replay.
struct SpelledRig {
    let device: TestDevice
    let service: LocationService
    let heard = Heard()

    init(
        modes: Set<BackgroundMode> = [.location], iOS: Int = 10, answer: LocationAuthorization = .always,
        make: @escaping @AppMain @Sendable (Heard) -> any ApplicationDelegate = { Tracker(heard: $0) }
    ) {
        let infoPlist = InfoPlist(
            bundleName: "Spelled", bundleIdentifier: "com.example.spelled", backgroundModes: modes,
            locationAlwaysUsageDescription: "Your track", locationWhenInUseUsageDescription: "Your track",
            locationAlwaysAndWhenInUseUsageDescription: "Your track")
        let heard = heard
        device = TestDevice(profile: PolicyProfile(iOS: iOS)!, infoPlist: infoPlist) { _ in make(heard) }
        service = LocationService(device: device, answer: answer)
    }

    /// Runs `body` with the app's ``Tracker``, if the app's code can run now.
    @discardableResult
    func tracker<T: Sendable>(_ body: @escaping @AppMain @Sendable (Tracker) -> T) -> T? {
        device.perform { application in body(application.delegate as! Tracker) }
    }
}
