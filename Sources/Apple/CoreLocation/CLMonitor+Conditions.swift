import Location

/// The runtime's condition, by a name the nested type of the same name does not hide (nor the
/// struct `Location` the module's name).
typealias RuntimeCircularCondition = CircularGeographicCondition

extension CLMonitor {
    /// A circle the monitor watches, satisfied while the device is inside: the runtime's
    /// ``RuntimeCircularCondition``.
    public struct CircularGeographicCondition: Sendable {
        public var center: CLLocationCoordinate2D
        /// Meters.
        public var radius: CLLocationDistance

        public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
            self.center = center
            self.radius = radius
        }

        /// The runtime's condition.
        var condition: RuntimeCircularCondition {
            RuntimeCircularCondition(center: center.coordinate, radius: radius)
        }
    }

    /// A change of a condition's state: the runtime's ``MonitorEvent``.
    public struct Event: Sendable {
        /// Whether the device is inside a condition's circle.
        public enum State: Int, Sendable {
            case unknown = 0
            case satisfied = 1
            case unsatisfied = 2
        }

        let event: MonitorEvent

        /// The condition's identifier.
        public var identifier: String { event.identifier }

        public var state: State {
            switch event.state {
            case .unknown: .unknown
            case .satisfied: .satisfied
            case .unsatisfied: .unsatisfied
            }
        }

        /// When the system decided it.
        public var date: Date { event.date }
    }

    /// The sequence of ``events``: its loop is written `for try await`, as Apple's is, and
    /// never throws.
    public struct Events: AsyncSequence, Sendable {
        public typealias Element = Event

        let events: AsyncStream<MonitorEvent>

        public func makeAsyncIterator() -> Iterator {
            Iterator(base: events.makeAsyncIterator())
        }

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<MonitorEvent>.Iterator

            public mutating func next() async throws -> Event? {
                await base.next().map(Event.init)
            }
        }
    }
}
