import Audio
import BackgroundRuntime
import TestSupport
import Testing

@Suite("Another app's audio: interrupted, ducked or left by the app's session, resumed when notified; on the test device, nothing playing")
struct OtherAppAudioTests {
    @Test func activatingASessionThatDoesNotMixInterruptsTheOtherAppsAudio() {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        #expect(rig.session.playOtherAppAudio())
        #expect(!rig.session.playOtherAppAudio(), "it plays already")
        #expect(device.fact(.audioSession) == AudioSessionStatus(category: .playback, active: false, otherAudio: .playing))
        #expect(rig.setActiveInApp(true) == nil)
        #expect(rig.session.otherAudio == .interrupted)
        #expect(device.console.recentMessages.contains(
            "The other app's audio is interrupted: the app's audio session, which does not mix with others, was activated"))
        let status = device.fact(.audioSession)
        #expect(status == AudioSessionStatus(category: .playback, active: true, otherAudio: .interrupted))
        #expect(status?.otherAudioPlaying == false)
    }

    @Test func duckOthersDucksTheOtherAppsAudioUntilTheSessionIsDeactivated() {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        rig.inApp { $0.session.setCategory(.playback, options: .duckOthers) }
        rig.session.playOtherAppAudio()
        #expect(rig.setActiveInApp(true) == nil)
        #expect(rig.session.otherAudio == .ducked)
        #expect(device.console.recentMessages.contains(
            "The other app's audio is ducked: the app's audio session was activated with .duckOthers"))
        #expect(device.fact(.audioSession)?.otherAudioPlaying == true)
        #expect(rig.setActiveInApp(false) == nil)
        #expect(rig.session.otherAudio == .playing)
        #expect(device.console.recentMessages.contains(
            "The other app's audio returns to full volume: the app's audio session was deactivated"))
    }

    @Test func mixWithOthersLeavesTheOtherAppsAudioPlaying() {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        rig.inApp { $0.session.setCategory(.playback, options: .mixWithOthers) }
        rig.session.playOtherAppAudio()
        #expect(rig.setActiveInApp(true) == nil)
        #expect(rig.session.otherAudio == .playing)
        #expect(rig.setActiveInApp(false) == nil)
        #expect(rig.session.otherAudio == .playing)
        #expect(!device.console.recentMessages.contains { $0.hasPrefix("The other app's audio") && $0 != "The other app's audio plays" })
    }

    @Test func deactivatingWithNotifyOthersOnDeactivationResumesTheOtherApp() {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        rig.session.playOtherAppAudio()
        #expect(rig.setActiveInApp(true) == nil)
        #expect(rig.session.otherAudio == .interrupted)
        #expect(rig.setActiveInApp(false, options: .notifyOthersOnDeactivation) == nil)
        #expect(!rig.session.isActive)
        #expect(rig.session.otherAudio == .playing)
        #expect(device.console.recentMessages.contains(
            "The other app's audio resumes: the session was deactivated with .notifyOthersOnDeactivation"))
        #expect(device.fact(.audioSession) == AudioSessionStatus(category: .playback, active: false, otherAudio: .playing))
    }

    @Test func withoutNotifyOthersOnDeactivationTheOtherAppStaysInterrupted() {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        rig.session.playOtherAppAudio()
        #expect(rig.setActiveInApp(true) == nil)
        #expect(rig.setActiveInApp(false) == nil)
        #expect(rig.session.otherAudio == .interrupted)
        #expect(device.console.recentMessages.contains(
            "The other app's audio stays interrupted: the session was deactivated without .notifyOthersOnDeactivation"))
        // Notifying on a later deactivation is too late: the session is no longer the one that interrupted it.
        #expect(rig.setActiveInApp(false, options: .notifyOthersOnDeactivation) == nil)
        #expect(rig.session.otherAudio == .interrupted)
        // Only the user plays it again.
        #expect(rig.session.playOtherAppAudio())
        #expect(rig.session.otherAudio == .playing)
        #expect(rig.session.stopOtherAppAudio())
        #expect(!rig.session.stopOtherAppAudio(), "it is stopped already")
        #expect(rig.session.otherAudio == .stopped)
    }

    @Test func isOtherAudioPlayingFollowsTheOtherApp() {
        let rig = makeRig()
        defer { rig.service.shutdown() }
        let heard = { rig.inApp { ($0.session.isOtherAudioPlaying, $0.session.secondaryAudioShouldBeSilencedHint) } }
        #expect(heard()! == (false, false))
        rig.session.playOtherAppAudio()
        #expect(heard()! == (true, true))
        rig.inApp { $0.session.setCategory(.playback, options: .duckOthers) }
        #expect(rig.setActiveInApp(true) == nil)
        #expect(heard()! == (true, true), "ducked, it still plays")
        #expect(rig.setActiveInApp(false) == nil)
        rig.inApp { $0.session.setCategory(.playback) }
        #expect(rig.setActiveInApp(true) == nil)
        #expect(heard()! == (false, false), "interrupted")
        rig.session.stopOtherAppAudio()
        #expect(heard()! == (false, false))
    }

    @Test func theOtherAppStartingInterruptsTheAppsSessionThatDoesNotMix() {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        let heard = rig.observeInterruptions()
        #expect(rig.setActiveInApp(true) == nil)
        rig.session.playOtherAppAudio()
        device.runUntilIdle()
        #expect(!rig.session.isActive)
        #expect(rig.session.otherAudio == .playing)
        #expect(heard.all == [.began()])
        #expect(device.console.recentMessages.contains(
            "Audio session interrupted: the other app's audio, which does not mix with others, began"))
        rig.session.stopOtherAppAudio()
        device.runUntilIdle()
        #expect(heard.all == [.began()], "the other app's stop ends no interruption")
    }

    @Test func theSystemsDeactivationBringsDuckedAudioBackButNotifiesNoOne() {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        rig.inApp { $0.session.setCategory(.playback, options: .duckOthers) }
        rig.session.playOtherAppAudio()
        #expect(rig.setActiveInApp(true) == nil)
        device.beginInterruption()
        #expect(rig.session.otherAudio == .playing, "the call deactivated the session: no more ducking")
        device.endInterruption()
        rig.inApp { $0.session.setCategory(.playback) }
        #expect(rig.setActiveInApp(true) == nil)
        #expect(rig.session.otherAudio == .interrupted)
        device.pressHome()
        #expect(device.appState == .suspended)
        #expect(!rig.session.isActive)
        #expect(rig.session.otherAudio == .interrupted, "the suspension's deactivation notifies no one")
    }
}
