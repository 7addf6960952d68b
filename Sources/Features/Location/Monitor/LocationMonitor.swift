import BackgroundApp
import BackgroundWire
import LocationWire

/// A named set of conditions the system watches for the app, like `CLMonitor` (iOS 17 and
/// later): circles whose state changes come as ``events``, an async sequence.
///
/// The conditions are the system's: they outlive the monitor object and the app's launches
/// until removed. A change wakes the suspended app or launches the terminated one in the
/// background (launch reason `location`); the event waits until the app opens a monitor of the
/// same name again and reads its events. Throws ``LocationError/unavailable(_:)`` before iOS 17.
@AppMain
public final class LocationMonitor {
    /// The monitor's name: the app's monitors of one name share their conditions.
    public let name: String
    /// The conditions' state changes, oldest first, for as long as the monitor lives.
    public let events: AsyncStream<MonitorEvent>

    private let client: LocationServiceClient
    /// The number the service knows this monitor by.
    private let id: Int
    private let continuation: AsyncStream<MonitorEvent>.Continuation

    /// Opens the monitor named `name` of the app of `application`, with the conditions it kept;
    /// events waiting for it come next.
    public init(named name: String, application: Application) throws(LocationError) {
        try application.profile.requireModernLocationAPIs("CLMonitor")
        self.name = name
        client = LocationServiceClient(application: application)
        let (events, continuation) = AsyncStream.makeStream(of: MonitorEvent.self)
        self.events = events
        self.continuation = continuation
        id = client.call(.openMonitor(name: name), answer: Int.self) ?? 0
        client.receiveEvents(of: id) { events, _ in
            for case .monitor(let event) in events { continuation.yield(event) }
        }
    }

    isolated deinit {
        client.end(id, with: .closeMonitor(client: id))
        continuation.finish()
    }

    /// The identifiers of the monitor's conditions, in the order added.
    public var identifiers: [String] { conditions.map(\.identifier) }

    /// The condition named `identifier`, if the monitor has it.
    public func condition(for identifier: String) -> CircularGeographicCondition? {
        conditions.first { $0.identifier == identifier }.map { CircularGeographicCondition(center: $0.center, radius: $0.radius) }
    }

    /// Watches `condition` under `identifier`, replacing the condition with that identifier;
    /// throws ``LocationError/regionMonitoringFailure(_:)`` past 20 conditions or for a bad circle.
    public func add(_ condition: CircularGeographicCondition, identifier: String) throws(LocationError) {
        if let error = client.call(.addCondition(condition, identifier: identifier, monitor: name), answer: LocationError.self) {
            throw error
        }
    }

    /// Stops watching the condition named `identifier`.
    public func remove(_ identifier: String) {
        client.tell(.removeCondition(identifier: identifier, monitor: name))
    }

    /// The monitor's conditions as the system keeps them, as regions, in the order added.
    private var conditions: [CircularRegion] {
        client.call(.conditions(monitor: name), answer: [CircularRegion].self) ?? []
    }
}
