import BackgroundApp
import BackgroundWire
import LocationWire

/// What the Location screen shows, published under `location` for `status` and the web UI.
///
/// Every key is always present (`null` when there is no value), so scripts can rely on them.
public struct LocationSnapshot: ScreenSnapshot, Equatable {
    /// The on/off switch.
    public var on: Bool
    /// The accuracy segment.
    public var accuracy: LocationAccuracy
    /// The distance filter in meters; nil is none.
    @ExplicitNull public var distanceFilter: Double?
    /// The app's location authorization.
    public var authorization: AuthorizationStatus
    /// Precise or approximate location (iOS 14 and later; `fullAccuracy` before).
    public var accuracyAuthorization: AccuracyAuthorization
    /// Whether the system paused the updates (they start again when the app is opened).
    public var paused: Bool
    /// How many fixes the track store holds.
    public var storedCount: Int
    /// How many pins are on the map (at most 100).
    public var pins: Int
    /// The pins' coordinates as `[latitude, longitude]`, oldest first: what the map draws.
    public var pinCoordinates: [[Double]]
    /// The newest fix.
    @ExplicitNull public var lastFix: Fix?
    /// The region the map shows, as last computed while the app was active.
    @ExplicitNull public var region: MapRegion?
    /// Why the track is not being stored, if it is not.
    @ExplicitNull public var storeProblem: String?
    /// Whether the significant-change location service is on.
    public var significantChanges = false
    /// Whether the visits service is on.
    public var visits = false
    /// The marks on the map (entries, exits, significant changes, visits), oldest first, at most 100.
    public var marks: [MapMark] = []
    /// Whether the app holds a background activity session (iOS 17 and later): the location
    /// indicator (the blue pill) shows while it runs in the background.
    public var backgroundActivitySession = false
    /// The monitored regions, in the order added, with where the app last heard the device is.
    public var regions: [Region] = []

    /// A monitored region as `status` shows it.
    public struct Region: Sendable, Equatable, Encodable {
        public var identifier: String
        public var latitude: Double
        public var longitude: Double
        /// Meters.
        public var radius: Double
        public var notifyOnEntry: Bool
        public var notifyOnExit: Bool
        /// `inside`, `outside` or `unknown` (not heard yet).
        public var state: RegionState

        public init(_ region: CircularRegion, state: RegionState) {
            identifier = region.identifier
            latitude = region.center.latitude
            longitude = region.center.longitude
            radius = region.radius
            notifyOnEntry = region.notifyOnEntry
            notifyOnExit = region.notifyOnExit
            self.state = state
        }
    }

    /// A fix as `status` shows it: its numbers and CoreLocation's description.
    public struct Fix: Sendable, Equatable, Encodable {
        public var latitude: Double
        public var longitude: Double
        public var horizontalAccuracy: Double
        public var speed: Double
        public var course: Double
        /// ISO 8601, UTC.
        public var timestamp: String
        public var description: String

        public init(_ location: Location) {
            latitude = location.coordinate.latitude
            longitude = location.coordinate.longitude
            horizontalAccuracy = location.horizontalAccuracy
            speed = location.speed
            course = location.course
            timestamp = Timestamp.text(location.timestamp.timeIntervalSince1970)
            description = location.description
        }
    }
}
