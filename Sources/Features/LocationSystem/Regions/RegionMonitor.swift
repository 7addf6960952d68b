import LocationWire

/// The regions an app monitors, and the decisions of when the device enters or leaves them —
/// Core Location's region monitoring as a value type: it takes fixes and returns the events to
/// deliver; it holds no lock, reads no clock and does no I/O (``LocationService`` does).
///
/// A crossing counts once the device has been past the boundary by ``margin`` for ``dwell``
/// (Apple: the location "must cross the region boundary, move away from the boundary by a
/// minimum distance, and remain at that minimum distance for at least 20 seconds", a distance
/// to assume "approximately 200 meters" when testing). Into a region too small to be 200 m
/// inside, an entry needs half the radius (``entryMargin(radius:)``, Backgrounder's model). A
/// fix back within the margin starts the crossing over, so a device lingering at the boundary
/// never flaps.
///
/// Public so that an app's own geofencing (many stored, the nearest monitored) and benchmarks can
/// feed it fixes as the system does.
public struct RegionMonitor: Sendable {
    /// The smallest radius crossings are decided on: a smaller region is watched as this large.
    /// Backgrounder's model of the accuracy cell and Wi-Fi positioning give.
    static let minimumRadius = 100.0
    /// How far past the boundary the device must be for a crossing (Apple's Location and Maps
    /// Programming Guide: approximately 200 meters).
    static let margin = 200.0
    /// How long the device must stay past the boundary (Apple: at least 20 seconds).
    static let dwell = Duration.seconds(20)

    /// How far inside a region of `radius` the device must be for an entry: ``margin``, or half
    /// the radius in a region too small for it (Backgrounder's model: Apple's one distance would
    /// leave such a region never entered).
    static func entryMargin(radius: Double) -> Double {
        min(margin, radius / 2)
    }

    /// No regions.
    public init() {}

    /// The regions, in the order the app added them.
    private(set) var watches: [RegionWatch] = []

    /// The monitored regions, in the order added.
    public var regions: [CircularRegion] { watches.map(\.region) }

    var isEmpty: Bool { watches.isEmpty }

    /// Monitors `region`, replacing the one with its identifier; throws why it cannot.
    public mutating func add(_ region: CircularRegion, app: String) throws(LocationError) {
        if let problem = region.problem { throw .regionMonitoringFailure(problem) }
        if let index = watches.firstIndex(where: { $0.region.identifier == region.identifier }) {
            watches[index] = RegionWatch(region: region)
            return
        }
        guard watches.count < CircularRegion.monitoringLimit else {
            throw .regionMonitoringFailure(
                "\(app) monitors \(CircularRegion.monitoringLimit) regions already, the most an app may; region \(region.identifier) is not monitored")
        }
        watches.append(RegionWatch(region: region))
    }

    /// Stops monitoring the region named `identifier`; returns whether it was monitored.
    @discardableResult
    public mutating func remove(_ identifier: String) -> Bool {
        guard let index = watches.firstIndex(where: { $0.region.identifier == identifier }) else { return false }
        watches.remove(at: index)
        return true
    }

    /// Where the device is relative to the region named `identifier`; nil if it is not monitored.
    func state(of identifier: String) -> RegionState? {
        watches.first { $0.region.identifier == identifier }?.state
    }

    /// The state of the monitored region named `identifier` if it is known; if not, the first
    /// fix answers (see ``observe(_:at:)``). Nil when not monitored or not known yet.
    mutating func requestState(of identifier: String) -> RegionState? {
        guard let index = watches.firstIndex(where: { $0.region.identifier == identifier }) else { return nil }
        guard watches[index].state != .unknown else {
            watches[index].isStateRequested = true
            return nil
        }
        return watches[index].state
    }

    /// Forgets the requests for states: the app that made them has ended.
    mutating func forgetRequests() {
        for index in watches.indices { watches[index].isStateRequested = false }
    }

    /// Takes a fix made at `now`; returns the events it decides, region by region.
    public mutating func observe(_ fix: Location, at now: Duration) -> [RegionEvent] {
        guard fix.isValid else { return [] }
        var events: [RegionEvent] = []
        for index in watches.indices { events += watches[index].observe(fix.coordinate, at: now) }
        return events
    }
}
