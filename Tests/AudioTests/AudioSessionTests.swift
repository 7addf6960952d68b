import Audio
import BackgroundRuntime
import Foundation
import TestSupport
import Testing

extension AudioRig where D == TestDevice {
    /// The app's `session.setActive(active, options: options)`: nil when it took, else why not.
    func setActiveInApp(_ active: Bool, options: AudioSessionSetActiveOptions = []) -> AudioSessionError? {
        inApp { player -> AudioSessionError? in
            do throws(AudioSessionError) {
                try player.session.setActive(active, options: options)
                return nil
            } catch {
                return error
            }
        } ?? nil
    }

    /// Records the interruptions the app's session is told of.
    func observeInterruptions(
        _ also: @escaping @AppMain @Sendable (AudioPlayer, AudioInterruption) -> Void = { _, _ in }
    ) -> Log<AudioInterruption> {
        let heard = Log<AudioInterruption>()
        inApp { player in
            player.session.observeInterruptions { [weak player] interruption in
                heard.append(interruption)
                if let player { also(player, interruption) }
            }
        }
        return heard
    }
}

@Suite("The audio session: activation and calls, on manual time with real GStreamer", .temporaryDirectory)
struct AudioSessionTests {
    @Test func playingActivatesTheSessionWhichACallKeepsInactive() async throws {
        let rig = makeRig()
        let (device, player, session) = (rig.device, rig.player, rig.session)
        defer { rig.service.shutdown() }
        try await player.enqueue([GeneratedAudio.tone("song", seconds: 5, in: GeneratedAudio.directory())])
        #expect(!session.isActive)
        #expect(rig.inApp { $0.session.isActive } == false)
        #expect(device.fact(.audioSession) == AudioSessionStatus(category: .playback, active: false))
        device.beginInterruption()
        #expect(rig.playInApp() == .interrupted)
        #expect(rig.setActiveInApp(true) == .insufficientPriority)
        #expect(!session.isActive && !player.isPlaying)
        device.endInterruption()
        #expect(rig.playInApp() == nil)
        #expect(session.isActive && player.isPlaying)
        #expect(rig.inApp { ($0.session.isActive, $0.session.category) } ?? (false, .ambient) == (true, .playback))
        #expect(device.fact(.audioSession) == AudioSessionStatus(category: .playback, active: true))
        #expect(rig.setActiveInApp(false) == nil)
        #expect(!player.isPlaying)
    }

    @Test func aCallPausesPlaybackAndItsEndLeavesResumingToTheApp() async throws {
        let rig = try await playingDevice(modes: [.audio])
        let (device, player, session) = (rig.device, rig.player, rig.session)
        defer { rig.service.shutdown() }
        let heard = rig.observeInterruptions()
        device.beginInterruption()
        #expect(!player.isPlaying && !session.isActive)
        #expect(heard.all == [.began()])
        #expect(device.console.recentMessages.contains("Audio session interrupted: the call deactivated it"))
        #expect(rig.recorder.all.last == .playbackChanged(isPlaying: false))
        try await waitUntilStill(player, on: device)
        device.endInterruption()
        #expect(heard.all == [.began(), .ended(shouldResume: true)])
        // The session stays inactive and the music paused: the app decides.
        #expect(!player.isPlaying && !session.isActive)
        #expect(rig.playInApp() == nil)
        #expect(player.isPlaying)
        let resumedAt = player.currentTime()
        try await waitUntil("the music moves again", on: device) { player.currentTime() > resumedAt + .milliseconds(100) }
    }

    @Test func aCallInTheBackgroundSuspendsTheAppAndItsEndWakesItToDecide() async throws {
        let rig = try await playingDevice(modes: [.audio])
        let (device, player, session) = (rig.device, rig.player, rig.session)
        defer { rig.service.shutdown() }
        let heard = rig.observeInterruptions { player, interruption in
            if interruption == .ended(shouldResume: true) { try? player.play() }
        }
        device.pressHome()
        device.beginInterruption()
        #expect(!player.isPlaying)
        #expect(device.appState == .suspended)
        #expect(device.activities.isEmpty)
        #expect(heard.all == [.began()])
        device.endInterruption()
        #expect(heard.all == [.began(), .ended(shouldResume: true)])
        #expect(device.console.recentMessages.contains { $0.hasSuffix("Woken in the background: the audio interruption ended") })
        #expect(player.isPlaying && session.isActive)
        #expect(device.appState == .background)
        #expect(device.status().activities == ["Playing song.mp3"])
    }

    @Test func aCallLeavesASuspendedAppAlone() async throws {
        let rig = try await playingDevice(modes: [.audio])
        let device = rig.device
        defer { rig.service.shutdown() }
        let heard = rig.observeInterruptions()
        rig.inApp { $0.pause() }
        device.pressHome()
        #expect(device.appState == .suspended)
        device.beginInterruption()
        device.endInterruption()
        #expect(device.appState == .suspended)
        device.openApp()
        // Only the suspension's own news (iOS 10): the call neither told nor woke it.
        #expect(heard.all == [.began(reason: .appWasSuspended)])
    }

    @Test func anAppThatDoesNotObserveInterruptionsIsNotWokenWhenACallEnds() async throws {
        let rig = try await playingDevice(modes: [.audio])
        let device = rig.device
        defer { rig.service.shutdown() }
        let token = rig.inApp { player in player.session.observeInterruptions { _ in } }
        rig.inApp { player in
            if let token { player.session.removeObserver(token) }
        }
        device.pressHome()
        device.beginInterruption()
        #expect(device.appState == .suspended)
        device.endInterruption()
        #expect(device.appState == .suspended)
        #expect(!device.console.recentMessages.contains { $0.contains("Woken in the background") })
    }
}
