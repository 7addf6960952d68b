import Location

/// The highest accuracy, with other sensors (`kCLLocationAccuracyBestForNavigation`).
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// The best accuracy the device can give (`desiredAccuracy`'s default).
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// Accurate to within ten meters.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// Accurate to within a hundred meters.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// Accurate to the nearest kilometer.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1_000
/// Accurate to the nearest three kilometers.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3_000
/// Approximate fixes even with full accuracy authorization (iOS 14). On Backgrounder it asks as
/// seldom as ``kCLLocationAccuracyThreeKilometers`` (and reads back as that): the fixes are not
/// blurred, which only reduced accuracy authorization does here.
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 6_380_000

extension LocationAccuracy {
    /// The accuracy the runtime asks for when an app sets `desiredAccuracy` to `value`: the
    /// coarsest named one at least as fine (50 m asks for ten meters, as often as ten meters
    /// does; the runtime's accuracies stand for how often the source is asked).
    init(desired value: CLLocationAccuracy) {
        self = switch value {
        case ...kCLLocationAccuracyBestForNavigation: .bestForNavigation
        case ..<kCLLocationAccuracyNearestTenMeters: .best
        case ..<kCLLocationAccuracyHundredMeters: .nearestTenMeters
        case ..<kCLLocationAccuracyKilometer: .hundredMeters
        case ..<kCLLocationAccuracyThreeKilometers: .kilometer
        default: .threeKilometers
        }
    }

    /// Core Location's constant for the accuracy.
    var desired: CLLocationAccuracy {
        switch self {
        case .bestForNavigation: kCLLocationAccuracyBestForNavigation
        case .best: kCLLocationAccuracyBest
        case .nearestTenMeters, .hundredMeters, .kilometer, .threeKilometers: meters ?? kCLLocationAccuracyBest
        }
    }
}
