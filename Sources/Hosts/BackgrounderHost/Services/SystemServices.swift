import AudioSystem
import BackgroundRuntime
import Foundation
import LocationSystem
import NewsstandSystem
import Synchronization
import VoIPSystem

/// The catalog of the system's services on one device, as every app on the host has them: the
/// location daemon, the media server, Newsstand's and background URL sessions' transfer
/// daemons, and the socket the system keeps for a VoIP app.
///
/// The transfer service of background URL sessions follows the state machine from
/// ``start()``. The others are made at once, or when the app first calls them (``Start``): an
/// app that never makes an `AudioPlayer` loads no GStreamer, and one that never makes a
/// `VoIPSocket` has no `screens.voip` in `status`.
public final class SystemServices: Sendable {
    /// When the services the app calls are made.
    public enum Start: Sendable {
        /// When the catalog is: the host's commands act on them from the first line.
        case atOnce
        /// When the app first calls each one.
        case onFirstCall
    }

    public let device: Device
    /// The system's transfer service for background URL sessions.
    public let sessionTransfers: BackgroundSessionTransferService
    private let made = Mutex(Made())

    private struct Made {
        var location: LocationService?
        var audio: AudioService?
        var newsstand: TransferService?
        var voip: VoIPService?
    }

    /// The services of `device`, keeping their files under `dataDirectory`, set up as
    /// `settings` says and made as `start` says.
    public init(device: Device, dataDirectory: URL, settings: ServiceSettings, start: Start) {
        self.device = device
        sessionTransfers = BackgroundSessionTransferService(device: device, dataDirectory: dataDirectory, options: settings.transferOptions)
        let endpointFile = VoIPService.endpointFile(inDataDirectory: dataDirectory)
        switch start {
        case .atOnce:
            let location = LocationService(device: device, answer: settings.locationAuthorization)
            if let route = settings.locationRoute { location.simulate(route.track, loops: route.loops) }
            let made = Made(
                location: location, audio: AudioService(device: device, output: settings.audioOutput, probing: settings.audioProbing),
                newsstand: TransferService(device: device, dataDirectory: dataDirectory, options: settings.transferOptions),
                voip: VoIPService(device: device, configuration: settings.voip, endpointFile: endpointFile))
            self.made.withLock { $0 = made }
        case .onFirstCall:
            VoIPService.startOnFirstCall(on: device, configuration: settings.voip, endpointFile: endpointFile) { [weak self] in
                self?.keep(\.voip, $0)
            }
            AudioService.startOnFirstCall(on: device, output: settings.audioOutput, probing: settings.audioProbing) {
                [weak self] in self?.keep(\.audio, $0)
            }
            TransferService.startOnFirstCall(on: device, dataDirectory: dataDirectory, options: settings.transferOptions) {
                [weak self] in self?.keep(\.newsstand, $0)
            }
            LocationService.startOnFirstCall(on: device, answer: settings.locationAuthorization) { [weak self] service in
                if let route = settings.locationRoute { service.simulate(route.track, loops: route.loops) }
                self?.keep(\.location, service)
            }
        }
    }

    /// The location service, once made.
    public var location: LocationService? { made.withLock { $0.location } }
    /// The audio service (the media server), once made.
    public var audio: AudioService? { made.withLock { $0.audio } }
    /// Newsstand's transfer service, once made.
    public var newsstand: TransferService? { made.withLock { $0.newsstand } }
    /// The VoIP socket's service, once made.
    public var voip: VoIPService? { made.withLock { $0.voip } }

    private func keep<Service>(_ slot: WritableKeyPath<Made, Service?>, _ service: Service) {
        made.withLock { $0[keyPath: slot] = service }
    }

    /// Starts the transfer services: they resume what the data directory holds.
    public func start() {
        newsstand?.start()
        sessionTransfers.start()
    }

    /// Stops the services as quitting the process does: the music stops, and the downloads stop
    /// where they are, each with a last checkpoint.
    public func shutdown() async {
        audio?.shutdown()
        await newsstand?.shutdown()
        await sessionTransfers.shutdown()
    }

    /// Forgets the location permission the user gave (Reset Location & Privacy).
    public func resetPrivacySettings() {
        location?.resetAuthorization()
    }
}
