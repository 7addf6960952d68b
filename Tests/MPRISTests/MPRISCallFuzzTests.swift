import BackgroundRuntime
import DBus
import MPRIS
import TestSupport
import Testing

/// An app that is a Now Playing app from its launch: it handles play, pause and next, and says
/// what plays.
@AppMain
private final class PlayerDelegate: ApplicationDelegate {
    func applicationDidFinishLaunching(_ application: Application) {
        for kind in [RemoteCommandKind.play, .pause, .nextTrack, .changePlaybackPosition] {
            application.remoteCommandCenter.addTarget(for: kind) { _ in .success }
        }
        application.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(title: "IronBacon.mp3", duration: .seconds(30), rate: 1)
    }
}

@Suite("MPRIS calls with arguments of every shape, on a private session bus")
struct MPRISCallFuzzTests {
    private static let members: [(String, String)] = [
        ("org.freedesktop.DBus.Properties", "Get"), ("org.freedesktop.DBus.Properties", "GetAll"),
        ("org.freedesktop.DBus.Properties", "Set"), ("org.freedesktop.DBus.Introspectable", "Introspect"),
        ("org.mpris.MediaPlayer2", "Raise"), ("org.mpris.MediaPlayer2", "Quit"), ("org.mpris.MediaPlayer2", "Fullscreen"),
        ("org.mpris.MediaPlayer2.Player", "Play"), ("org.mpris.MediaPlayer2.Player", "Pause"),
        ("org.mpris.MediaPlayer2.Player", "PlayPause"), ("org.mpris.MediaPlayer2.Player", "Stop"),
        ("org.mpris.MediaPlayer2.Player", "Next"), ("org.mpris.MediaPlayer2.Player", "Previous"),
        ("org.mpris.MediaPlayer2.Player", "Seek"), ("org.mpris.MediaPlayer2.Player", "SetPosition"),
        ("org.mpris.MediaPlayer2.Player", "OpenUri"), ("org.example.Nothing", "Nothing"),
    ]

    /// A value of a random type, nested at most `depth` deep.
    private static func value(_ random: inout SeededRandom, depth: Int = 2) -> DBusValue {
        let strings = ["", "org.mpris.MediaPlayer2.Player", "PlaybackStatus", "Volume", "Rate", "Metadata", "Position",
                       "é€😀", String(repeating: "x", count: 300), "with\0nul"]
        switch Int.random(in: 0..<(depth > 0 ? 12 : 8), using: &random) {
        case 0: return .boolean(Bool.random(using: &random))
        case 1: return .int32(Int32.random(in: .min ... .max, using: &random))
        case 2: return .int64(Int64.random(in: -40_000_000 ... 40_000_000, using: &random))
        case 3: return .uint32(UInt32.random(in: 0 ... .max, using: &random))
        case 4: return .double([1, 0.5, -1, .nan, .infinity].randomElement(using: &random)!)
        case 5, 6: return .string(strings.randomElement(using: &random)!)
        case 7: return .objectPath(["/", "/org/mpris/MediaPlayer2/TheBackgrounder/track/IronBacon_mp3", "/a/b"].randomElement(using: &random)!)
        case 8: return .variant(value(&random, depth: depth - 1))
        case 9: return .structure([value(&random, depth: depth - 1), value(&random, depth: depth - 1)])
        case 10:
            let element = value(&random, depth: 0)
            return .array(elementSignature: element.signature, [element, element])
        default: return .stringVariantDictionary([("xesam:title", value(&random, depth: depth - 1))])
        }
    }

    @Test func everyCallGetsAReplyOrANamedErrorAndThePlayerGoesOn() async throws {
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        let device = Device(infoPlist: InfoPlist(backgroundModes: [.audio])) { _ in PlayerDelegate() }
        defer { device.shutdown() }
        device.launch()
        device.audioStartedPlaying(mixesWithOthers: false)
        #expect(await waitUntil { device.nowPlaying.info != nil })
        let player = MPRISPlayer(device: device, connection: try DBusConnection(address: bus.address))
        try player.start()
        defer { player.stop() }
        let client = try DBusConnection(address: bus.address)

        var random = SeededRandom(seed: 19)
        var errors: Set<String> = []
        for _ in 0..<300 {
            let (interface, member) = Self.members.randomElement(using: &random)!
            let arguments = (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.value(&random) }
            let call = try DBusMessage.methodCall(
                destination: player.busName, path: "/org/mpris/MediaPlayer2", interface: interface, member: member, arguments: arguments)
            do {
                _ = try client.call(call)
            } catch {
                #expect(error.name.hasPrefix("org.freedesktop.DBus.Error."), "\(member)\(arguments): \(error)")
                #expect(!error.message.isEmpty)
                #expect(error.name != "org.freedesktop.DBus.Error.NoReply", "\(member)\(arguments): \(error)")
                errors.insert(error.name)
            }
        }
        #expect(errors.isSuperset(of: ["org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.UnknownMethod"]))
        let status = try client.call(DBusMessage.methodCall(
            destination: player.busName, path: "/org/mpris/MediaPlayer2", interface: "org.freedesktop.DBus.Properties",
            member: "Get", arguments: [.string("org.mpris.MediaPlayer2.Player"), .string("CanControl")]))
        #expect(status.arguments() == [.variant(.boolean(true))])
        #expect(device.appState.isRunning)
    }
}
