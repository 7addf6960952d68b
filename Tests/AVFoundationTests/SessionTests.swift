import AVFoundation
import Audio
import BackgroundRuntime
import MediaPlayer
import Testing

@Suite("AVAudioSession and MPRemoteCommand in Apple's spelling: categories, notifications, commands; nothing playing")
struct SessionTests {
    @Test func theSessionsCategoryIsTheAudioModulesAndOptionsItDoesNotModelAreKept() throws {
        let radio = RadioDevice(modes: [.audio], category: .ambient)
        defer { radio.service.shutdown() }
        #expect(radio.log.take().isEmpty)
        #expect(radio.service.session.category == .ambient)
        let options = radio.inApp { _ -> AVAudioSession.CategoryOptions in
            let session = AVAudioSession.sharedInstance()
            try? session.setCategory(.playAndRecord, options: [.defaultToSpeaker, .duckOthers])
            return session.categoryOptions
        }
        #expect(options == [.defaultToSpeaker, .duckOthers, .mixWithOthers], "ducking others mixes with them")
        #expect(radio.service.session.category == .playAndRecord)
        #expect(radio.service.session.categoryOptions == [.mixWithOthers, .duckOthers], "the runtime models ducking, not the speaker")
        let refusal = radio.inApp { _ -> Int? in
            do {
                try AVAudioSession.sharedInstance().setCategory(AVAudioSession.Category(rawValue: "AVAudioSessionCategoryRecord"))
                return nil
            } catch {
                return (error as NSError).code
            }
        }
        #expect(refusal == AVAudioSession.ErrorCode.badParam.rawValue)
        #expect(radio.service.session.category == .playAndRecord, "a category Backgrounder lacks changes nothing")
    }

    @Test func interruptionsAndRouteChangesArePostedWithAVFoundationsUserInfo() {
        let radio = RadioDevice(modes: [.audio])
        defer { radio.service.shutdown() }
        let device = radio.device
        let activated = radio.inApp { _ -> Bool in (try? AVAudioSession.sharedInstance().setActive(true)) != nil }
        #expect(activated == true)
        device.beginInterruption()
        #expect(radio.inApp { _ in AVAudioSession.sharedInstance().isActive } == false)
        device.endInterruption()
        #expect(radio.log.take() == ["interruption began", "interruption ended shouldResume"])

        device.beginInterruption()
        let refused = radio.inApp { _ -> Int? in
            do {
                try AVAudioSession.sharedInstance().setActive(true)
                return nil
            } catch {
                return (error as NSError).code
            }
        }
        #expect(refused == AVAudioSession.ErrorCode.insufficientPriority.rawValue, "a call has priority")
        device.endInterruption()
        _ = radio.log.take()

        _ = radio.service.session.changeRoute(to: .headphones)
        _ = radio.service.session.changeRoute(to: .speaker)
        device.runUntilIdle()
        #expect(radio.log.take() == ["route change newDeviceAvailable", "route change oldDeviceUnavailable"])
    }

    @Test(arguments: [12, 15, 17])
    func aSuspendedAppHearsOfItsDeactivatedSessionInItsErasKey(version: Int) throws {
        let radio = RadioDevice(modes: [.audio], profile: try #require(PolicyProfile(iOS: version)))
        defer { radio.service.shutdown() }
        let device = radio.device
        #expect(radio.inApp { _ in (try? AVAudioSession.sharedInstance().setActive(true)) != nil } == true)
        device.pressHome()
        #expect(device.appState == .suspended, "nothing plays")
        device.openApp()
        // From iOS 16 the reason is “not present”: the app hears nothing.
        let heard = switch version {
        case ..<15: ["interruption began wasSuspended"]
        case 15: ["interruption began appWasSuspended"]
        default: [String]()
        }
        #expect(radio.log.take() == heard)
    }

    @Test func aDisabledCommandIsNotOfferedAndARemovedTargetNoLongerRuns() {
        let radio = RadioDevice(modes: [.audio])
        defer { radio.service.shutdown() }
        let device = radio.device
        #expect(device.nowPlaying.commands == [.play, .pause, .nextTrack, .changePlaybackPosition])
        radio.inApp { _ in MPRemoteCommandCenter.shared().nextTrackCommand.isEnabled = false }
        #expect(device.nowPlaying.commands == [.play, .pause, .changePlaybackPosition])
        #expect(radio.inApp { _ in MPRemoteCommandCenter.shared().nextTrackCommand.isEnabled } == false)
        radio.inApp { _ in
            let command = MPRemoteCommandCenter.shared().playCommand
            let target = command.addTarget { _ in .success }
            command.removeTarget(target)
        }
        #expect(device.nowPlaying.commands == [.play, .pause, .changePlaybackPosition], "the app's first handler stays")
        radio.inApp { _ in MPRemoteCommandCenter.shared().playCommand.removeTarget(nil) }
        #expect(device.nowPlaying.commands == [.pause, .changePlaybackPosition])
    }

    @Test func cmTimeReadsAsCoreMediaDoes() {
        #expect(CMTimeGetSeconds(CMTimeMake(value: 1, timescale: 100)) == 0.01)
        #expect(CMTime(seconds: 2.5, preferredTimescale: 600) == CMTimeMake(value: 1500, timescale: 600))
        #expect(CMTime(seconds: 2.5, preferredTimescale: 600).value == 1500)
        #expect(CMTimeMake(value: 1, timescale: 3) < CMTimeMake(value: 1, timescale: 2))
        #expect(CMTime.invalid < .zero && CMTime.zero < .indefinite && CMTime.indefinite < .positiveInfinity)
        #expect(CMTime.indefinite.seconds.isNaN && !CMTime.invalid.isValid)
    }
}
