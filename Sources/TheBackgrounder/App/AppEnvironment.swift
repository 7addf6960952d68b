import Foundation
import Location
import Synchronization

/// What each launch of the app gets from the system: its data directory (the app's container)
/// and the system services its screens talk to.
///
/// The services need the device and the device needs the app's factory, so ``Backgrounder``
/// makes the environment first, the device next, then the services, and attaches them here
/// before the app's first launch. The environment holds them weakly: the backgrounder owns them.
public final class AppEnvironment: Sendable {
    /// Where the app keeps its data.
    public let dataDirectory: URL

    private struct Services {
        weak var location: LocationService?
    }

    private let services = Mutex(Services())

    init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    func attach(location: LocationService) {
        services.withLock { $0.location = location }
    }

    /// The system's location service.
    var location: LocationService {
        guard let location = services.withLock({ $0.location }) else {
            preconditionFailure("the app launched before Backgrounder attached its location service")
        }
        return location
    }
}
