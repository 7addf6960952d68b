import AudioSystem
import Foundation
import Location
import LocationSystem
import NewsstandSystem
import VoIPSystem

/// How the system's services of a host are set up: the user's answer to the location
/// permission, the route the location service simulates, where audio goes, what downloads trust
/// and how the VoIP socket reconnects. `run`'s ``ServiceOptions`` give them.
public struct ServiceSettings: Sendable {
    /// The user's answer when the app asks for location authorization.
    public var locationAuthorization = LocationAuthorization.always
    /// The route the location service simulates, and whether it loops; nil follows gpsd.
    public var locationRoute: (track: Track, loops: Bool)?
    /// Where the app's audio goes.
    public var audioOutput = AudioOutput.automatic
    /// Where the audio player opens the items the app queues: `run` opens them in processes of
    /// its own executable's `audio-probe`; a host made in code, in its own process.
    public var audioProbing = ItemProbing.inProcess
    /// The transfer services' tunables (checkpoints, retries, trusted certificates).
    public var transferOptions = TransferOptions()
    /// The VoIP socket's settings (read-idle timeout, reconnect backoff).
    public var voip = VoIPConfiguration()

    /// The defaults: Always, gpsd, the default audio device, the system's certificates.
    public init() {}
}
