import Foundation

/// A raw magnetometer reading, in microteslas.
public typealias CLHeadingComponentValue = Double

/// Which way the device points, as `locationManager(_:didUpdateHeading:)` gets it. Backgrounder
/// has no compass: a heading is the course of the fix it came with (the direction of travel along
/// the route or gpsd's track), magnetic and true alike as no declination is modelled, and its raw
/// magnetometer values are 0 — Backgrounder's model.
public final class CLHeading: Sendable, CustomStringConvertible {
    /// Degrees from magnetic north, clockwise.
    public let magneticHeading: CLLocationDirection
    /// Degrees from true north, clockwise.
    public let trueHeading: CLLocationDirection
    /// How far either may be off, in degrees.
    public let headingAccuracy: CLLocationDirection
    public let timestamp: Date
    public let x: CLHeadingComponentValue = 0
    public let y: CLHeadingComponentValue = 0
    public let z: CLHeadingComponentValue = 0

    /// The heading of `location`, moving along its course; nil when it has none (standing still).
    init?(of location: CLLocation) {
        guard location.course >= 0 else { return nil }
        magneticHeading = location.course
        trueHeading = location.course
        headingAccuracy = CLHeading.modelAccuracy
        timestamp = location.timestamp
    }

    /// The accuracy every heading claims: a course from two fixes is good to a few degrees
    /// (Backgrounder's model).
    static let modelAccuracy: CLLocationDirection = 5

    /// As Core Location prints one: `magneticHeading 246.09 trueHeading 246.09 accuracy 5.00 x +0.000 y +0.000 z +0.000 @ DATE`.
    public var description: String {
        String(
            format: "magneticHeading %.2f trueHeading %.2f accuracy %.2f x %+.3f y %+.3f z %+.3f @ %@",
            magneticHeading, trueHeading, headingAccuracy, x, y, z, "\(timestamp)")
    }
}
