import Foundation
import Location
import Synchronization
import VoIP

/// What each launch of the app gets from the system: its data directory (the app's container)
/// and the system services its screens talk to directly (the Audio tab's player, the VoIP tab's
/// socket and the Newsstand tab's library talk to their services through messages).
///
/// The services need the device and the device needs the app's factory, so ``Backgrounder``
/// makes the environment first, the device next, then the services, and attaches them here
/// before the app's first launch. The environment holds them weakly: the backgrounder owns them.
public final class AppEnvironment: Sendable {
    /// Where the app keeps its data.
    public let dataDirectory: URL
    /// The Newsstand screen's default URL: the built-in content server's issue.
    public let newsstandURL: String
    /// What the Fetch screen fetches: this URL, or the current time when nil.
    public let fetchURL: URL?

    private struct Services {
        weak var location: LocationService?
    }

    private let services = Mutex(Services())

    init(dataDirectory: URL, newsstandURL: String, fetchURL: URL?) {
        self.dataDirectory = dataDirectory
        self.newsstandURL = newsstandURL
        self.fetchURL = fetchURL
    }

    func attach(location: LocationService) {
        services.withLock { services in
            services.location = location
        }
    }

    /// The system's location service.
    var location: LocationService {
        guard let location = services.withLock({ $0.location }) else { missing("location service") }
        return location
    }

    private func missing(_ service: String) -> Never {
        preconditionFailure("the app launched before Backgrounder attached its \(service)")
    }
}
