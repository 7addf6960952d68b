import Audio
import Foundation
import Newsstand
import Synchronization
import VoIP

/// What each launch of the app gets from the system: its data directory (the app's container)
/// and the system services its screens talk to directly (the Location and VoIP tabs talk to
/// their services through messages).
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
        weak var audioPlayer: QueuePlayer?
        weak var newsstand: TransferService?
    }

    private let services = Mutex(Services())

    init(dataDirectory: URL, newsstandURL: String, fetchURL: URL?) {
        self.dataDirectory = dataDirectory
        self.newsstandURL = newsstandURL
        self.fetchURL = fetchURL
    }

    func attach(audioPlayer: QueuePlayer, newsstand: TransferService) {
        services.withLock { services in
            services.audioPlayer = audioPlayer
            services.newsstand = newsstand
        }
    }

    /// The system's audio player (iOS's media server).
    var audioPlayer: QueuePlayer {
        guard let audioPlayer = services.withLock({ $0.audioPlayer }) else { missing("audio player") }
        return audioPlayer
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
