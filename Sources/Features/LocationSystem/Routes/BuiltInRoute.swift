import Foundation
import LocationWire

/// The simulated routes the app ships, in the spirit of Xcode's Debug ▸ Simulate Location menu.
///
/// Each is a GPX 1.1 track with a point a second, made by `scripts/make-routes`, and loops
/// when replayed, as Xcode's do.
public enum BuiltInRoute: String, Sendable, CaseIterable {
    /// A drive from Infinite Loop in Cupertino onto I-280, up to about 30 m/s.
    case freewayDrive = "freeway-drive"
    /// A jog around blocks of Cupertino at about 3 m/s.
    case cityRun = "city-run"
    /// A ride through Cupertino at 6 to 8 m/s.
    case cityBicycleRide = "city-bicycle-ride"

    /// The menu's title: "Freeway Drive".
    public var title: String {
        switch self {
        case .freewayDrive: "Freeway Drive"
        case .cityRun: "City Run"
        case .cityBicycleRide: "City Bicycle Ride"
        }
    }

    /// The route's GPX file in the module's bundle.
    public var url: URL? {
        Bundle.module.url(forResource: rawValue, withExtension: "gpx", subdirectory: "Routes")
    }

    /// The route's track.
    public func track() throws(TrackError) -> Track {
        guard let url else { throw .unreadable(file: "\(rawValue).gpx", reason: "it is missing from the Location bundle") }
        var track = try TrackFile.load(path: url.path)
        track.name = title
        return track
    }
}
