import Foundation
import Location
import Newsstand
import Synchronization
import VoIP

/// What each launch of the app gets from the system: its data directory (the app's container)
/// and the system services its screens talk to directly (the Audio tab's player and the VoIP
/// tab's socket talk to their services through messages).
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
        weak var newsstand: TransferService?
    }

    private let services = Mutex(Services())

    init(dataDirectory: URL, newsstandURL: String, fetchURL: URL?) {
        self.dataDirectory = dataDirectory
        self.newsstandURL = newsstandURL
        self.fetchURL = fetchURL
    }

    func attach(location: LocationService, newsstand: TransferService) {
        services.withLock { services in
            services.location = location
            services.newsstand = newsstand
        }
    }

    /// The system's location service.
    var location: LocationService {
        guard let location = services.withLock({ $0.location }) else { missing("location service") }
        return location
    }

    /// The system's transfer service (nsurlsessiond).
    var newsstand: TransferService {
        guard let newsstand = services.withLock({ $0.newsstand }) else { missing("transfer service") }
        return newsstand
    }

    private func missing(_ service: String) -> Never {
        preconditionFailure("the app launched before Backgrounder attached its \(service)")
    }
}
