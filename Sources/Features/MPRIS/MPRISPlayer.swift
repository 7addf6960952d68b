import BackgroundRuntime
import DBus
import Dispatch
import Synchronization

/// The lock screen's Now Playing on the desktop: the device's Now Playing app exported over
/// D-Bus as an MPRIS 2.2 media player, `org.mpris.MediaPlayer2.<app>` (e.g.
/// `org.mpris.MediaPlayer2.TheBackgrounder`), which GNOME, KDE and `playerctl` control.
///
/// Its `org.mpris.MediaPlayer2.Player` methods are remote commands: `Play`, `Pause`, `Next`…
/// go to ``Device/sendRemoteCommand(_:from:)`` as a tap on the lock screen does, so a
/// suspended app is woken to handle them, and an app that is not the Now Playing app gets
/// nothing (the call fails with the reason). Its properties come from ``Device/nowPlaying``;
/// `PropertiesChanged` and `Seeked` follow its changes.
///
/// Calls are answered on the connection's thread; signals are sent from a queue of the
/// player's own, so the device's thread never waits on D-Bus.
public final class MPRISPlayer: Sendable {
    /// The device whose Now Playing app is exported.
    public let device: Device
    /// The connection it is exported on.
    public let connection: DBusConnection
    /// The player's name for people (`Identity`), the app's name.
    public let identity: String

    /// The properties last announced, for `PropertiesChanged` and `Seeked`.
    private let announced = Mutex<(properties: MPRISProperties, snapshot: NowPlayingSnapshot)?>(nil)
    private let observer = Mutex<Int?>(nil)
    private let signals = DispatchQueue(label: "backgrounder.mpris.signals")

    /// The player of `device`'s app on `connection`; ``start()`` exports it.
    public init(device: Device, connection: DBusConnection) {
        self.device = device
        self.connection = connection
        identity = device.infoPlist.bundleName
    }

    /// The bus name, `org.mpris.MediaPlayer2.` and the app's name.
    public var busName: String { "\(MPRISInterface.root).\(identity.filter { $0.isLetter || $0.isNumber })" }

    /// Exports the player and takes its bus name; throws if the name is taken.
    public func start() throws(DBusError) {
        connection.export(self, at: MPRISInterface.objectPath)
        let snapshot = device.nowPlaying
        announced.withLock { $0 = (properties(of: snapshot), snapshot) }
        let id = device.observers.observeNowPlaying { [weak self] snapshot in
            guard let self else { return }
            signals.async { self.announce(snapshot) }
        }
        observer.withLock { $0 = id }
        try connection.requestName(busName)
    }

    /// Stops following the device; the name goes with the connection.
    public func stop() {
        if let id = observer.withLock({ $0.take() }) { device.observers.removeNowPlayingObserver(id) }
        signals.sync {}
    }

    func properties(of snapshot: NowPlayingSnapshot) -> MPRISProperties {
        MPRISProperties(snapshot, identity: identity, at: device.now)
    }

    // MARK: Signals

    /// Sends `PropertiesChanged` for what changed since the last announcement, and `Seeked`
    /// when the position jumped within the same track.
    private func announce(_ snapshot: NowPlayingSnapshot) {
        let now = device.now
        let new = MPRISProperties(snapshot, identity: identity, at: now)
        let last = announced.withLock { last in
            defer { last = (new, snapshot) }
            return last
        }
        guard let last else { return }
        let changed = new.changedPlayerProperties(since: last.properties)
        if !changed.isEmpty {
            send(MPRISInterface.properties, "PropertiesChanged", [
                .string(MPRISInterface.player), .stringVariantDictionary(changed), .strings([]),
            ])
        }
        let expected = MPRISProperties.microseconds(last.snapshot.position(at: now))
        if new.trackID == last.properties.trackID, new.trackID != MPRISInterface.noTrack,
            abs(new.position - expected) > Self.seekThreshold
        {
            send(MPRISInterface.player, "Seeked", [.int64(new.position)])
        }
    }

    /// How far the position may move from where it was counted to be, in microseconds,
    /// before it counts as a seek: more than a second.
    private static let seekThreshold: Int64 = 1_000_000

    private func send(_ interface: String, _ member: String, _ arguments: [DBusValue]) {
        guard let signal = try? DBusMessage.signal(path: MPRISInterface.objectPath, interface: interface, member: member, arguments: arguments)
        else { return }
        connection.send(signal)
    }
}
