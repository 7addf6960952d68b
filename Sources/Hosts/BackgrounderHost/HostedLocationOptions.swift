import ArgumentParser
import Location
import LocationSystem

/// The options of a hosted app's `run` for the system's location service: where its fixes come
/// from, as Xcode's scheme chooses a location to simulate.
struct HostedLocationOptions: ParsableArguments {
    /// `--location-route`.
    @Option(help: "Simulate a route from the app's first use of location, as Xcode's scheme's Default Location does: \(BuiltInRoute.allCases.map(\.rawValue).joined(separator: ", ")) (they loop), or a GPX or NMEA file (played once). Without it the location service follows gpsd at \(GPSDEndpoint.standard).")
    var locationRoute: String?

    /// Refuses a route that cannot be read.
    func validate() throws {
        _ = try route()
    }

    /// The route's track and whether it loops; nil without `--location-route`.
    func route() throws -> (track: Track, loops: Bool)? {
        guard let locationRoute else { return nil }
        do throws(TrackError) {
            if let builtIn = BuiltInRoute(rawValue: locationRoute.lowercased()) { return (try builtIn.track(), true) }
            return (try TrackFile.load(path: locationRoute), false)
        } catch {
            throw ValidationError("--location-route \(error.description)")
        }
    }
}
