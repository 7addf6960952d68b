import Audio
import AudioSystem
import BackgroundCommands
import BackgroundRuntime
import BackgrounderHost
import DemoPeers
import Foundation
import Location
import LocationSystem
import Newsstand
import NewsstandSystem
import VoIP
import VoIPSystem

/// How to run TheBackgrounder: the embedded defaults, or what the command line chose.
public struct Configuration: Sendable {
    /// The iOS era whose rules apply.
    public var profile: PolicyProfile
    /// The app's Info.plist.
    public var infoPlist: InfoPlist
    /// Where the app stores its data.
    public var dataDirectory: URL
    /// Why the app is launched at start.
    public var launchReason: LaunchReason
    /// The web UI's port on 127.0.0.1.
    public var webPort: Int
    /// Where console lines go besides the console's memory; nil keeps them there.
    public var consoleOutput: (@Sendable (String) -> Void)?
    /// Where notifications also go on a desktop (the session bus's notification server); nil
    /// for none.
    public var desktopNotifications: (any DesktopNotifier)?
    /// Whether the app runs as from Xcode with its debugger attached: never suspended, no
    /// watchdog.
    public var debuggerAttached = false
    /// Which time the system runs on (`--clock`).
    public var clock = ClockMode.real
    /// The user's answer when the app asks to send notifications.
    public var notificationAuthorization = NotificationPermissionAnswer.allow
    /// The system's services' settings: the location answer and route, where the Audio tab's
    /// sound goes, the transfer services' tunables and the VoIP socket's.
    public var services = ServiceSettings()
    /// What the Fetch tab fetches: this URL, or the current time when nil.
    public var fetchURL: URL?
    /// The built-in content server's port on 127.0.0.1 (0 picks a free one); nil starts no
    /// server (the Newsstand screen's default URL still points at ``ContentServer/defaultPort``).
    public var contentServerPort: Int?
    /// How fast the content server serves; nil is full speed.
    public var contentRate: ByteRate?
    /// How the system starts the app's own process (`--isolation process`, the command line's
    /// default), without its launch environment, which the host appends as `--environment JSON`
    /// at each start; nil runs the app's code in this process (`--isolation thread`).
    public var appProcess: AppProcessConfiguration?

    /// The Newsstand screen's default URL: the built-in content server's issue on the port asked
    /// for (each launch's ``AppEnvironment`` names the port it got).
    public var newsstandURL: String {
        ContentServer.issueURL(port: contentServerPort.flatMap { $0 == 0 ? nil : $0 } ?? ContentServer.defaultPort)
    }

    public init(
        profile: PolicyProfile = .default,
        infoPlist: InfoPlist,
        dataDirectory: URL = DataDirectory.defaultURL(),
        launchReason: LaunchReason = .user,
        webPort: Int = 8080,
        consoleOutput: (@Sendable (String) -> Void)? = Console.standardOutput,
        locationAuthorization: LocationAuthorization = .always,
        audioOutput: AudioOutput = .automatic,
        fetchURL: URL? = nil
    ) {
        self.profile = profile
        self.infoPlist = infoPlist
        self.dataDirectory = dataDirectory
        self.launchReason = launchReason
        self.webPort = webPort
        self.consoleOutput = consoleOutput
        services.locationAuthorization = locationAuthorization
        services.audioOutput = audioOutput
        self.fetchURL = fetchURL
    }
}
