import Audio
import BackgroundRuntime
import Foundation
import TestSupport
import Testing

@Suite("The audio session: activation and calls, on manual time with real GStreamer", .temporaryDirectory)
struct AudioSessionTests {
    @Test func playingActivatesTheSessionWhichACallKeepsInactive() async throws {
        let device = makeDevice()
        let player = makePlayer(on: device)
        defer { player.shutdown() }
        try await player.enqueue([GeneratedAudio.tone("song", seconds: 5, in: GeneratedAudio.directory())])
        #expect(!player.session.isActive)
        #expect(device.fact(.audioSession) == AudioSessionStatus(category: .playback, active: false))
        device.beginInterruption()
        #expect(throws: PlaybackError.interrupted) { try player.play() }
        #expect(throws: AudioSessionError.insufficientPriority) { try player.session.setActive(true) }
        #expect(!player.session.isActive && !player.isPlaying)
        device.endInterruption()
        try player.play()
        #expect(player.session.isActive && player.isPlaying)
        #expect(device.fact(.audioSession) == AudioSessionStatus(category: .playback, active: true))
        try player.session.setActive(false)
        #expect(!player.isPlaying)
    }

    @Test func aCallPausesPlaybackAndItsEndLeavesResumingToTheApp() async throws {
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        let heard = Log<AudioInterruption>()
        player.session.observeInterruptions { heard.append($0) }
        device.beginInterruption()
        #expect(!player.isPlaying && !player.session.isActive)
        #expect(heard.all == [.began])
        #expect(device.console.recentMessages.contains("Audio session interrupted: the call deactivated it"))
        try await waitUntilStill(player, on: device)
        device.endInterruption()
        #expect(heard.all == [.began, .ended(shouldResume: true)])
        // The session stays inactive and the music paused: the app decides.
        #expect(!player.isPlaying && !player.session.isActive)
        try player.play()
        #expect(player.isPlaying)
        let resumedAt = player.currentTime()
        try await waitUntil("the music moves again", on: device) { player.currentTime() > resumedAt + .milliseconds(100) }
    }

    @Test func aCallInTheBackgroundSuspendsTheAppAndItsEndWakesItToDecide() async throws {
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        let heard = Log<AudioInterruption>()
        player.session.observeInterruptions { interruption in
            heard.append(interruption)
            if interruption == .ended(shouldResume: true) { try? player.play() }
        }
        device.pressHome()
        device.beginInterruption()
        #expect(!player.isPlaying)
        #expect(device.appState == .suspended)
        #expect(device.activities.isEmpty)
        #expect(heard.all == [.began])
        device.endInterruption()
        #expect(heard.all == [.began, .ended(shouldResume: true)])
        #expect(device.console.recentMessages.contains { $0.hasSuffix("Woken in the background: the audio interruption ended") })
        #expect(player.isPlaying && player.session.isActive)
        #expect(device.appState == .background)
        #expect(device.status().activities == ["Playing song.mp3"])
    }

    @Test func aCallLeavesASuspendedAppAlone() async throws {
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        let heard = Log<AudioInterruption>()
        player.session.observeInterruptions { heard.append($0) }
        player.pause()
        device.pressHome()
        #expect(device.appState == .suspended)
        device.beginInterruption()
        device.endInterruption()
        #expect(device.appState == .suspended)
        device.openApp()
        #expect(heard.all.isEmpty)
    }
}
