import BackgroundRuntime
import BackgroundRuntimeTesting
import DBus
import MPRIS
import Synchronization
import TestSupport
import Testing

/// An app that says what plays from its launch, and handles play and pause.
@AppMain
private final class PlayingDelegate: ApplicationDelegate {
    func applicationDidFinishLaunching(_ application: Application) {
        application.remoteCommandCenter.addTarget(for: .pause) { _ in .success }
        application.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(title: "IronBacon.mp3", duration: .seconds(30), rate: 1)
    }
}

@Suite("MPRIS signals follow the lock screen's Now Playing")
struct MPRISSignalTests {
    @Test func pausingSendsPropertiesChangedAndAJumpSendsSeeked() async throws {
        let bus = try await PrivateSessionBus()
        defer { bus.stop() }
        let device = Device(infoPlist: InfoPlist(backgroundModes: [.audio])) { _ in PlayingDelegate() }
        defer { device.shutdown() }
        device.launch()
        device.audioStartedPlaying(mixesWithOthers: false)
        #expect(await waitUntil { device.nowPlaying.isNowPlayingApp && device.nowPlaying.info != nil })
        let player = MPRISPlayer(device: device, connection: try DBusConnection(address: bus.address))
        try player.start()
        defer { player.stop() }

        let listener = try DBusConnection(address: bus.address)
        let heard = Mutex<[String: [DBusValue]]>([:])
        for (interface, member) in [("org.freedesktop.DBus.Properties", "PropertiesChanged"), ("org.mpris.MediaPlayer2.Player", "Seeked")] {
            try listener.onSignal(interface: interface, member: member) { signal in
                heard.withLock { $0[member, default: []] += signal.arguments() }
            }
        }

        await device.runInApp { application in application.nowPlayingInfoCenter.nowPlayingInfo?.rate = 0 }
        #expect(await waitUntil {
            heard.withLock { $0["PropertiesChanged"] ?? [] }.contains { $0.stringVariantEntries?["PlaybackStatus"] == .string("Paused") }
        })
        await device.runInApp { application in application.nowPlayingInfoCenter.nowPlayingInfo?.elapsed = .seconds(20) }
        #expect(await waitUntil { heard.withLock { $0["Seeked"]?.last } == .int64(20_000_000) })
    }
}
