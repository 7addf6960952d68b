import Audio
import BackgroundRuntime
import TestSupport
import Testing

@Suite("Interruptions: answered and declined calls, the session of a suspended app; on the test device, nothing playing")
struct InterruptionTests {
    @Test func aDeclinedCallEndsWithShouldResumeAndAnAnsweredOneWithout() {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        let heard = rig.observeInterruptions()
        #expect(rig.setActiveInApp(true) == nil)
        device.beginInterruption()
        #expect(!rig.session.isActive)
        device.endInterruption()
        #expect(heard.all == [.began(), .ended(shouldResume: true)])
        #expect(device.console.recentMessages.contains("Audio session interruption ended (shouldResume)"))

        #expect(rig.setActiveInApp(true) == nil)
        device.beginInterruption()
        device.answerInterruption()
        #expect(device.appState == .suspended, "nothing plays: off the screen, the app is suspended")
        device.endInterruption()
        #expect(device.console.recentMessages.contains(
            "Audio session interruption ended without shouldResume: the call was answered"))
        #expect(device.console.recentMessages.contains("Woken in the background: the audio interruption ended"),
                "“When the phone call ends, the end interruption is delivered”: the suspended app is woken for it")
        #expect(heard.all == [.began(), .ended(shouldResume: true), .began(), .ended(shouldResume: false)])
        #expect(device.appState == .suspended, "nothing plays, so it is suspended again once it heard the end")
        #expect(!rig.session.isActive)
    }

    @Test(arguments: [9, 12, 15])
    func aSuspendedAppHearsWhenItNextRunsThatItsSessionWasDeactivated(version: Int) throws {
        let rig = makeRig(profile: try #require(PolicyProfile(iOS: version)))
        let device = rig.device
        defer { rig.service.shutdown() }
        let heard = rig.observeInterruptions()
        #expect(rig.setActiveInApp(true) == nil)
        device.pressHome()
        #expect(device.appState == .suspended)
        #expect(heard.all.isEmpty, "a suspended app hears nothing")
        device.openApp()
        guard version >= 10 else {
            #expect(rig.session.isActive, "before iOS 10 the system leaves a suspended app's session active")
            #expect(heard.all.isEmpty)
            return
        }
        let flag = version < 15 ? "AVAudioSessionInterruptionWasSuspendedKey true" : "AVAudioSession.InterruptionReason.appWasSuspended"
        #expect(device.console.recentMessages.contains(
            "Audio session deactivated: the app was suspended; it hears so when it next runs (\(flag))"))
        #expect(!rig.session.isActive)
        #expect(device.fact(.audioSession) == AudioSessionStatus(category: .playback, active: false))
        #expect(heard.all == [.began(reason: .appWasSuspended)])
    }

    @Test(arguments: [16, 17, 26])
    func fromIOS16ASuspendedAppHearsNothingOfItsSession(version: Int) throws {
        let rig = makeRig(profile: try #require(PolicyProfile(iOS: version)))
        let device = rig.device
        defer { rig.service.shutdown() }
        let heard = rig.observeInterruptions()
        #expect(rig.setActiveInApp(true) == nil)
        device.pressHome()
        #expect(device.appState == .suspended)
        device.openApp()
        #expect(heard.all.isEmpty, "no interruption with reason appWasSuspended from iOS 16")
        #expect(rig.session.isActive)
        #expect(!device.console.recentMessages.contains { $0.hasPrefix("Audio session deactivated: the app was suspended") })
    }

    @Test func aSessionThatMixesWithOthersTakesItsOptionsAsIOSDoes() {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        #expect(!rig.session.mixesWithOthers)
        rig.inApp { $0.session.setCategory(.playback, options: .duckOthers) }
        #expect(rig.session.categoryOptions == [.mixWithOthers, .duckOthers], "duckOthers sets mixWithOthers")
        #expect(rig.inApp { $0.session.categoryOptions } == [.mixWithOthers, .duckOthers])
        #expect(device.fact(.audioSession) == AudioSessionStatus(category: .playback, active: false, options: [.mixWithOthers, .duckOthers]))
        rig.inApp { $0.session.setCategory(.ambient) }
        #expect(rig.session.mixesWithOthers, "ambient mixes by itself")
        rig.inApp { $0.session.setCategory(.soloAmbient, options: .mixWithOthers) }
        #expect(!rig.session.mixesWithOthers)
        #expect(device.console.recentMessages.contains("Audio: soloAmbient takes no category options; mixWithOthers dropped"))
        rig.inApp { $0.session.setCategory(.playAndRecord) }
        #expect(rig.session.categoryOptions.isEmpty)
    }

    @Test func aMediaServerResetEmptiesTheQueueResetsTheSessionAndTellsTheApp() {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        let resets = Log<MediaServicesReset>()
        rig.inApp { player in
            player.session.setCategory(.playback, options: .mixWithOthers)
            player.session.observeMediaServicesReset { resets.append($0) }
        }
        #expect(rig.setActiveInApp(true) == nil)
        device.pressHome()
        #expect(device.appState == .suspended)
        rig.service.resetMediaServices()
        #expect(device.console.recentMessages.contains(
            "Media services were reset: the app's audio objects and session settings are gone (mediaServicesWereResetNotification)"))
        #expect(device.fact(.audioSession) == AudioSessionStatus(category: .soloAmbient, active: false))
        #expect(rig.player.items.isEmpty)
        #expect(resets.all.isEmpty, "a suspended app hears of it when it next runs")
        device.openApp()
        #expect(resets.all == [MediaServicesReset()])
        #expect(rig.inApp { $0.session.category } == .soloAmbient)
    }
}
