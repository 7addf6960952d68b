@testable import Audio
@testable import AudioSystem
@testable import AudioWire
import BackgroundRuntime
import Foundation
import Synchronization
import TestSupport
import Testing

/// An app with the Audio screen on the bundled tracks.
@AppMain
final class AudioApp: ApplicationDelegate {
    let screen: AudioScreen

    init(application: Application, tracks: [URL]) {
        screen = AudioScreen(application: application, tracks: tracks)
    }
}

/// A manual device whose app shows the Audio screen, and the player of the system's audio
/// service, which the screen's player talks to.
private func makeAudioApp(tracks: [URL] = BundledTracks.urls) -> (TestDevice, AudioService) {
    let device = TestDevice(infoPlist: InfoPlist(backgroundModes: [.audio]), consoleOutput: nil) { application in
        AudioApp(application: application, tracks: tracks)
    }
    let service = AudioService(device: device, output: .null)
    device.launch()
    return (device, service)
}

extension TestDevice {
    var audioSnapshot: AudioSnapshot? { snapshot(for: .audio) }

    func withAudioScreen<T: Sendable>(_ body: @escaping @AppMain @Sendable (AudioScreen) -> T) -> T? {
        perform { application in body((application.delegate as! AudioApp).screen) }
    }
}

@Suite("The Audio screen", .temporaryDirectory)
struct AudioScreenTests {
    @Test func itQueuesTheBundledTracksAndLogsEachNewMusicName() async throws {
        let (device, service) = makeAudioApp()
        let player = service.player
        defer { service.shutdown() }
        #expect(player.items.map(\.name) == ["IronBacon.mp3", "FeelinGood.mp3", "WhatYouWant.mp3"])
        #expect(player.actionAtItemEnd == .advance)
        #expect(service.session.category == .playAndRecord)
        #expect(device.console.recentMessages.filter { $0.hasPrefix("New music name:") } == ["New music name: IronBacon.mp3"])
        #expect(device.audioSnapshot == AudioSnapshot(item: "IronBacon.mp3", time: 0, playing: false))
        player.advanceToNextItem()
        device.runUntilIdle()
        #expect(device.console.recentMessages.last == "New music name: FeelinGood.mp3")
        #expect(device.audioSnapshot?.item == "FeelinGood.mp3")
    }

    @Test func theBundledTracksAreSmallAndPlayable() async throws {
        let (device, service) = makeAudioApp()
        let player = service.player
        defer { service.shutdown() }
        try await waitUntil("the tracks opened", on: device) { player.items.allSatisfy { $0.status == .readyToPlay } }
        for item in player.items {
            let seconds = try #require(item.duration).seconds
            #expect((20...60).contains(seconds), "\(item.name) lasts \(seconds) s")
            let size = try #require(try FileManager.default.attributesOfItem(atPath: item.url.path)[.size] as? Int)
            #expect(size < 400_000, "\(item.name) is \(size) bytes")
        }
        // The app's items know what the system's learned.
        let heard = device.withAudioScreen { screen in screen.player.items.map { "\($0.name) \($0.duration.map(\.seconds) ?? 0)" } }
        #expect(heard == player.items.map { "\($0.name) \($0.duration.map(\.seconds) ?? 0)" })
    }

    @Test func thePlayPauseButtonTogglesAndTheSnapshotFollows() async throws {
        let (device, service) = makeAudioApp()
        let player = service.player
        defer { service.shutdown() }
        device.withAudioScreen { try? $0.didTapPlayPause() }
        #expect(player.isPlaying)
        #expect(device.audioSnapshot?.playing == true)
        #expect(device.status().activities == ["Playing IronBacon.mp3"])
        device.withAudioScreen { screen in try? screen.didTapPlayPause() }
        #expect(!player.isPlaying)
        #expect(device.audioSnapshot?.playing == false)
    }

    @Test func theTabPlaysAgainAfterACallOnlyIfTheCallStoppedItsMusic() async throws {
        let (device, service) = makeAudioApp()
        let player = service.player
        defer { service.shutdown() }
        device.withAudioScreen { try? $0.didTapPlayPause() }
        device.beginInterruption()
        #expect(!player.isPlaying && device.audioSnapshot?.playing == false)
        device.endInterruption()
        #expect(player.isPlaying && device.audioSnapshot?.playing == true)
        device.withAudioScreen { try? $0.didTapPlayPause() }
        device.beginInterruption()
        device.endInterruption()
        #expect(!player.isPlaying && device.audioSnapshot?.playing == false)
    }

    @Test func whileActiveTheTimeGoesToTheLabelAndOtherwiseToTheConsoleOnceASecond() throws {
        let (device, service) = makeAudioApp()
        defer { service.shutdown() }
        device.advance(by: AudioScreen.frame)
        device.withAudioScreen { $0.show(.milliseconds(12_344)) }
        #expect(device.audioSnapshot?.time == 12.34)
        #expect(!device.console.recentMessages.contains { $0.hasPrefix("App is backgrounded.") })

        device.perform { application in _ = application.beginBackgroundTask(withName: "Stay") }
        device.pressHome()
        for milliseconds in [12_340, 12_500, 12_990, 13_000, 13_010, 13_990, 14_200] {
            device.withAudioScreen { $0.show(.milliseconds(milliseconds)) }
        }
        #expect(device.console.recentMessages.filter { $0.hasPrefix("App is backgrounded.") } == [
            "App is backgrounded. Time is: 12.34",
            "App is backgrounded. Time is: 13.00",
            "App is backgrounded. Time is: 14.20",
        ])
        // In the background the label is published once a second: the latest time, a second
        // after the last publish, not a frame after it.
        device.advance(by: AudioScreen.frame)
        #expect(device.audioSnapshot?.time == 12.34)
        device.advance(by: AudioScreen.offScreenInterval - AudioScreen.frame)
        #expect(device.audioSnapshot?.time == 14.2)
    }

    @Test func backOnScreenTheTimeLabelIsPublishedOnceAFrameAgain() throws {
        let (device, service) = makeAudioApp()
        defer { service.shutdown() }
        device.perform { application in _ = application.beginBackgroundTask(withName: "Stay") }
        device.pressHome()
        device.advance(by: AudioScreen.offScreenInterval)
        device.withAudioScreen { $0.show(.milliseconds(2_000)) }
        #expect(device.audioSnapshot?.time == 2)
        device.withAudioScreen { $0.show(.milliseconds(2_010)) }
        device.advance(by: AudioScreen.frame)
        #expect(device.audioSnapshot?.time == 2)
        // Open again: the publish due a second after the last moves up to a frame after it.
        device.openApp()
        device.withAudioScreen { $0.show(.milliseconds(2_030)) }
        #expect(device.audioSnapshot?.time == 2.03)
    }

    @Test func theTimeLabelIsPublishedAtMostOnceAFrameAndAlwaysItsLatestTime() throws {
        let (device, service) = makeAudioApp()
        defer { service.shutdown() }
        device.advance(by: AudioScreen.frame)
        // A frame after the last publish, a new time goes at once; those within the frame wait.
        device.withAudioScreen { $0.show(.milliseconds(1_000)) }
        #expect(device.audioSnapshot?.time == 1)
        device.advance(by: .milliseconds(10))
        device.withAudioScreen { $0.show(.milliseconds(1_010)) }
        #expect(device.audioSnapshot?.time == 1)
        device.withAudioScreen { $0.show(.milliseconds(1_012)) }
        device.advance(by: .milliseconds(6))
        #expect(device.audioSnapshot?.time == 1)
        // The frame is over: the latest time is published, once.
        device.advance(by: .milliseconds(1))
        #expect(device.audioSnapshot?.time == 1.01)
        // Any other change goes at once.
        device.withAudioScreen { $0.handle(.playbackChanged(isPlaying: true)) }
        #expect(device.audioSnapshot?.playing == true)
    }

    @Test func whenTheMusicEndsInTheBackgroundTheAppSeesItBeforeItIsSuspended() async throws {
        let track = try await GeneratedAudio.tone("Short", seconds: 0.3, in: GeneratedAudio.directory())
        let (device, service) = makeAudioApp(tracks: [track])
        let player = service.player
        defer { service.shutdown() }
        try player.play()
        device.pressHome()
        #expect(device.appState == .background)
        try await waitUntil("the music ended", on: device) { device.appState == .suspended }
        #expect(device.audioSnapshot == AudioSnapshot(item: nil, time: 0, playing: false))
    }

    @Test func aTrackThatCannotBePlayedIsLoggedAndTheQueueGoesOn() async throws {
        let (device, service) = makeAudioApp()
        let player = service.player
        defer { service.shutdown() }
        let broken = try GeneratedAudio.file("Broken.mp3", in: GeneratedAudio.directory())
        try player.insert(MediaItem(url: broken), after: player.currentItem)
        try await waitUntil("it failed", on: device) { !player.items.map(\.name).contains("Broken.mp3") }
        device.runUntilIdle()
        let line = try #require(device.console.recentMessages.last)
        #expect(line.hasPrefix("Could not play Broken.mp3: not audio that can be decoded"))
        #expect(player.items.map(\.name) == ["IronBacon.mp3", "FeelinGood.mp3", "WhatYouWant.mp3"])
    }
}
