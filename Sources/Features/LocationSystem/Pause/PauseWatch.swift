import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire

/// Watches one location manager's fixes in the background for the automatic pause
/// (`pausesLocationUpdatesAutomatically`, Backgrounder's model of it): the device counts as
/// still while every fix stays within ``stillRadius`` of the fix that began the stillness, and
/// updates pause once it has been still for the activity type's ``ActivityType/pauseAfter``.
///
/// The countdown is a timer on the device's loop; each time the device moves away it is set
/// again, under a new ``countdown`` number, so that a timer that fires late knows it is stale.
struct PauseWatch: Sendable {
    /// How far fixes may wander (GPS noise, a walk around a car park) while the device counts
    /// as still, in meters.
    static let stillRadius = 100.0

    /// The fix the stillness began at.
    private(set) var anchor: Location?
    /// The number of the countdown running, unique on the device.
    var countdown: Int
    /// The countdown's timer.
    var timer: SystemTimer?

    init(countdown: Int) {
        self.countdown = countdown
    }

    /// Takes in a fix from the source; returns true if the device moved away, so the countdown
    /// must start again.
    mutating func observe(_ fix: Location) -> Bool {
        guard let anchor else {
            anchor = fix
            return false
        }
        guard fix.distance(from: anchor) > Self.stillRadius else { return false }
        self.anchor = fix
        return true
    }
}
