import AVFoundation
import Audio
import BackgroundRuntimeTesting
import Foundation
import Testing

/// The audio part of the nonisolated class's proof: GStreamer plays in real time, so the suite
/// runs with the other real-time audio tests (scripts/test's realtime group, by its name).
@Suite("A nonisolated class sets the audio session's category and plays on in the background")
struct NonisolatedAudioTests {
    @Test func itsAudioSessionsCategoryLetsItsPlayerPlayOnInTheBackground() async throws {
        let rig = ServicesDevice()
        defer { rig.audio.shutdown() }
        rig.device.launch()
        let url = try #require(BundledTracks.urls.first)
        let played = rig.inApp { services -> Bool in (try? services.playInBackground(url)) != nil }
        #expect(played == true)
        #expect(rig.audio.session.category == .playback)
        #expect(rig.inApp { $0.player?.rate } == 1)
        #expect(await rig.waitUntil { rig.audio.player.currentTime() > .milliseconds(50) }, "GStreamer plays")
        rig.device.pressHome()
        rig.device.runUntilIdle()
        #expect(rig.device.appState == .background, "playing audio keeps the app running")
        #expect(rig.audio.player.isPlaying)
    }
}
