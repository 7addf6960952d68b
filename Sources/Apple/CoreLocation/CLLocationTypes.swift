/// Degrees of latitude or longitude (WGS 84).
public typealias CLLocationDegrees = Double
/// A distance in meters.
public typealias CLLocationDistance = Double
/// A speed in meters per second.
public typealias CLLocationSpeed = Double
/// Degrees clockwise from true north.
public typealias CLLocationDirection = Double
/// An accuracy in meters; ``kCLLocationAccuracyBest`` and the other constants name the ones an
/// app asks for.
public typealias CLLocationAccuracy = Double

/// Every movement is reported (`distanceFilter`'s default).
public let kCLDistanceFilterNone: CLLocationDistance = -1

/// A ``CLLocationManager/headingFilter`` that delivers every heading.
public let kCLHeadingFilterNone: CLLocationDegrees = -1
