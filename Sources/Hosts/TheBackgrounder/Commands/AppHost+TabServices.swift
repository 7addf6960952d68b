import AudioSystem
import BackgroundCommands
import BackgrounderHost
import LocationSystem
import NewsstandSystem

extension AppHost {
    /// The system's audio service, which the Audio tab's commands act on.
    var audio: AudioService {
        get throws(CommandError) { try Self.made(services.audio, "audio") }
    }

    /// The system's location service, which the Location tab's commands act on.
    var location: LocationService {
        get throws(CommandError) { try Self.made(services.location, "location") }
    }

    /// Newsstand's transfer service, which the Newsstand tab's commands act on.
    var newsstand: TransferService {
        get throws(CommandError) { try Self.made(services.newsstand, "Newsstand transfer") }
    }

    /// `service`, or the command's refusal on a host that has not made it: TheBackgrounder's
    /// makes every service at once (``HostedAppParts/theBackgrounder(contentServer:environment:)``).
    private static func made<Service>(_ service: Service?, _ name: String) throws(CommandError) -> Service {
        guard let service else { throw .refused("the \(name) service is not running: the app has not called it yet") }
        return service
    }
}
