import Audio
import BackgroundRuntime
import Foundation
import TestSupport
import Testing

@Suite("Background audio: the audio mode and the session's category, on manual time with real GStreamer", .temporaryDirectory)
struct BackgroundAudioTests {
    @Test func withAudioDeclaredTheAppKeepsRunningAndTimeCallbacksKeepComing() async throws {
        let times = Log<Duration>()
        let rig = try await playingDevice(modes: [.audio], times: times)
        let (device, player) = (rig.device, rig.player)
        defer { rig.service.shutdown() }
        device.pressHome()
        #expect(device.appState == .background)
        #expect(device.status().activities == ["Playing song.mp3"])
        let before = times.all.count
        device.advance(by: .seconds(1))
        #expect(times.all.count - before == 100)
        #expect(device.appState == .background)
        #expect(player.isPlaying)
        // The music really plays on: GStreamer's position moves with real time.
        let position = player.currentTime()
        try await waitUntil("the position to move in the background", on: device) {
            player.currentTime() >= position + .milliseconds(300)
        }
        #expect(device.diagnostics.count == 0)
    }

    @Test func withoutAudioLeavingTheForegroundPausesReportsWhyAndSuspends() async throws {
        let times = Log<Duration>()
        let rig = try await playingDevice(modes: [], times: times)
        let (device, player) = (rig.device, rig.player)
        defer { rig.service.shutdown() }
        device.pressHome()
        #expect(!player.isPlaying)
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.recent.map(\.rule) == [.missingBackgroundMode])
        let line = try #require(device.console.recentMessages.first { $0.contains("[missing-background-mode]") })
        #expect(line.contains("Oops, why did the music stop?") && line.contains("song.mp3") && line.contains("\"audio\""))
        try await waitUntilStill(player, on: device)
        let before = times.all.count
        device.advance(by: .seconds(1))
        #expect(times.all.count == before)
        device.openApp()
        #expect(rig.playInApp() == nil)
        #expect(player.isPlaying && device.appState == .active)
    }

    @Test func pausingInTheBackgroundLetsTheAppBeSuspended() async throws {
        let rig = try await playingDevice(modes: [.audio])
        let (device, player) = (rig.device, rig.player)
        defer { rig.service.shutdown() }
        device.pressHome()
        #expect(device.appState == .background)
        rig.inApp { $0.pause() }
        device.runUntilIdle()
        #expect(device.appState == .suspended)
        #expect(device.activities.isEmpty)
        #expect(throws: PlaybackError.appNotRunning(.suspended)) { try player.play() }
    }

    @Test func playingInTheBackgroundWithoutAudioIsRefusedAndReported() async throws {
        let rig = makeRig(modes: [])
        let (device, player) = (rig.device, rig.player)
        defer { rig.service.shutdown() }
        try await player.enqueue([GeneratedAudio.tone("song", seconds: 1, in: GeneratedAudio.directory())])
        device.perform { application in _ = application.beginBackgroundTask(withName: "Work") }
        device.pressHome()
        #expect(device.appState == .background)
        #expect(rig.playInApp() == .backgroundModeMissing)
        #expect(!player.isPlaying)
        #expect(device.diagnostics.recent.map(\.rule) == [.missingBackgroundMode])
    }

    @Test func withTheDefaultCategoryLeavingTheForegroundStopsTheMusicAndSaysWhy() async throws {
        let rig = try await playingDevice(modes: [.audio], category: .soloAmbient)
        let (device, player) = (rig.device, rig.player)
        defer { rig.service.shutdown() }
        device.pressHome()
        #expect(!player.isPlaying)
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.recent.map(\.rule) == [.backgroundAudioCategory])
        let line = try #require(device.console.recentMessages.first { $0.contains("[background-audio-category]") })
        #expect(line.contains("Oops, why did the music stop?") && line.contains("soloAmbient (the default)"))
        #expect(line.contains("playback or playAndRecord") && !line.contains("UIBackgroundModes"))
        device.openApp()
        rig.inApp { $0.session.setCategory(.ambient) }
        device.perform { application in _ = application.beginBackgroundTask(withName: "Work") }
        device.pressHome()
        #expect(rig.playInApp() == .categoryNotForBackground(.ambient))
        #expect(device.diagnostics.recent.map(\.rule) == [.backgroundAudioCategory, .backgroundAudioCategory])
    }

    @Test func withoutTheModeAndTheCategoryTheDiagnosticNamesBoth() async throws {
        let rig = try await playingDevice(modes: [], category: .soloAmbient)
        let device = rig.device
        defer { rig.service.shutdown() }
        device.pressHome()
        #expect(device.diagnostics.recent.map(\.rule) == [.missingBackgroundMode])
        let line = try #require(device.console.recentMessages.first { $0.contains("[missing-background-mode]") })
        #expect(line.contains("declare audio and set the category to playback or playAndRecord"))
    }

    @Test func settingASilencedCategoryInTheBackgroundStopsTheMusic() async throws {
        let rig = try await playingDevice(modes: [.audio])
        let (device, player) = (rig.device, rig.player)
        defer { rig.service.shutdown() }
        device.pressHome()
        #expect(player.isPlaying && device.appState == .background)
        rig.inApp { $0.session.setCategory(.soloAmbient) }
        device.runUntilIdle()
        #expect(!player.isPlaying)
        #expect(device.appState == .suspended)
        let line = try #require(device.console.recentMessages.first { $0.contains("[background-audio-category]") })
        #expect(line.contains("changed its audio session's category in the background"))
    }

    @Test func theAppEndingClearsTheQueueAndItsObservers() async throws {
        let rig = try await playingDevice(modes: [.audio])
        let (device, player, session) = (rig.device, rig.player, rig.session)
        defer { rig.service.shutdown() }
        let heard = Recorder()
        let times = Log<Duration>()
        rig.inApp { player in
            player.observe { heard.append($0) }
            player.addPeriodicTimeObserver(forInterval: .milliseconds(10)) { times.append($0) }
        }
        session.changeRoute(to: .headphones)
        device.terminate()
        #expect(device.appState == .notRunning)
        #expect(player.items.isEmpty && !player.isPlaying)
        // The next launch starts with a fresh session; the headphones are still plugged in.
        #expect(session.category == .soloAmbient && !session.isActive)
        #expect(session.route == .headphones)
        device.launch()
        try await player.enqueue([GeneratedAudio.tone("again", seconds: 1, in: GeneratedAudio.directory())])
        try player.play()
        device.advance(by: .seconds(1))
        // The last launch's observers went with it; the new launch's player hears its own news.
        #expect(heard.all.isEmpty && times.all.isEmpty)
        #expect(rig.recorder.currentItems.last == "again.mp3")
        #expect(rig.inApp { $0.currentItem?.name } == "again.mp3")
    }
}
