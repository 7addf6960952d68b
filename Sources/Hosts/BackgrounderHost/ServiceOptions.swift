import ArgumentParser
import AudioSystem
import Foundation
import Location
import LocationSystem
import NewsstandSystem
import VoIPSystem

/// The options of `run` for the system's services, which every app on the host has — a user's
/// app on `AppHost.main` or `backgrounder host` as TheBackgrounder: what the user answers the
/// location permission, where the fixes come from (as Xcode's scheme chooses a location to
/// simulate), where the audio goes, which certificates downloads trust, and how the VoIP socket
/// reconnects.
public struct ServiceOptions: ParsableArguments {
    /// `--location-authorization`.
    @Option(help: "The user's answer when the app asks for location authorization, taken as final: always, whenInUse, once (Allow Once, iOS 13 and later), denied, or ask (the era's permission alert waits for an answer: `location authorize`, or the web UI's dialog).")
    public var locationAuthorization: LocationAuthorization = .always

    /// `--location-route`.
    @Option(help: "Simulate a route, as Xcode's scheme's Default Location does: \(BuiltInRoute.allCases.map(\.rawValue).joined(separator: ", ")) (they loop), or a GPX or NMEA file (played once). Without it the location service follows gpsd at \(GPSDEndpoint.standard).")
    public var locationRoute: String?

    /// `--audio-sink`.
    @Option(help: "Where the app's audio goes: auto (the default audio device, or nowhere if there is none) or null (nowhere, at real-time pace).")
    public var audioSink: AudioOutput = .automatic

    /// `--trust-certificate`.
    @Option(help: "A PEM certificate to trust besides the system's for downloads over HTTPS (a private or self-signed server); repeat for more.")
    public var trustCertificate: [String] = []

    /// `--voip-read-idle`.
    @Option(help: "Seconds of silence after which the VoIP socket is presumed dead (half-open) and reconnected (default: never, as nc -l speaks only when typed to).")
    public var voipReadIdle: Double?

    /// `--voip-backoff-cap`.
    @Option(help: "The longest wait in seconds between two VoIP reconnection attempts; the waits double from 1 s with full jitter.")
    public var voipBackoffCap: Double = 60

    /// The seconds the VoIP flags accept: a second to a day.
    private static let voipSeconds = 1.0...86_400

    /// The defaults.
    public init() {}

    /// Refuses a route that cannot be read, a certificate that is not there and VoIP seconds out
    /// of range, each naming its flag.
    public func validate() throws {
        _ = try route()
        for path in trustCertificate where !FileManager.default.isReadableFile(atPath: path) {
            throw ValidationError("--trust-certificate \(path): no readable file there")
        }
        if let voipReadIdle, !Self.voipSeconds.contains(voipReadIdle) {
            throw ValidationError("--voip-read-idle \(voipReadIdle): not a number of seconds from 1 to 86400")
        }
        guard Self.voipSeconds.contains(voipBackoffCap) else {
            throw ValidationError("--voip-backoff-cap \(voipBackoffCap): not a number of seconds from 1 to 86400")
        }
    }

    /// The route's track and whether it loops; nil without `--location-route`.
    func route() throws -> (track: Track, loops: Bool)? {
        guard let locationRoute else { return nil }
        do throws(TrackError) {
            if let builtIn = BuiltInRoute(rawValue: locationRoute.lowercased()) { return (try builtIn.track(), true) }
            return (try TrackFile.load(path: locationRoute), false)
        } catch {
            throw ValidationError("--location-route \(error.description)")
        }
    }

    /// The services' settings these options give.
    public func settings() throws -> ServiceSettings {
        var settings = ServiceSettings()
        settings.locationAuthorization = locationAuthorization
        settings.locationRoute = try route()
        settings.audioOutput = audioSink
        settings.audioProbing = .helperProcess(executable: HostOptions.thisExecutable)
        settings.transferOptions.trustedCertificates = trustCertificate.map { URL(fileURLWithPath: $0) }
        settings.voip.readIdleTimeout = voipReadIdle.map { .seconds($0) }
        settings.voip.backoff.cap = .seconds(voipBackoffCap)
        return settings
    }
}

extension LocationAuthorization: ExpressibleByArgument {}
extension AudioOutput: ExpressibleByArgument {}
