import Audio
import BackgroundRuntime
import Foundation
import TestSupport
import Testing

@Suite("Background audio: the audio mode and the session's category, on manual time with real GStreamer", .temporaryDirectory)
struct BackgroundAudioTests {
    @Test func withAudioDeclaredTheAppKeepsRunningAndTimeCallbacksKeepComing() async throws {
        let times = Log<Duration>()
        let (device, player) = try await playingDevice(modes: [.audio], times: times)
        defer { player.shutdown() }
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
        let (device, player) = try await playingDevice(modes: [], times: times)
        defer { player.shutdown() }
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
        try player.play()
        #expect(player.isPlaying && device.appState == .active)
    }

    @Test func pausingInTheBackgroundLetsTheAppBeSuspended() async throws {
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        device.pressHome()
        #expect(device.appState == .background)
        player.pause()
        device.runUntilIdle()
        #expect(device.appState == .suspended)
        #expect(device.activities.isEmpty)
        #expect(throws: PlaybackError.appNotRunning(.suspended)) { try player.play() }
    }

    @Test func playingInTheBackgroundWithoutAudioIsRefusedAndReported() async throws {
        let device = makeDevice(modes: [])
        let player = makePlayer(on: device)
        defer { player.shutdown() }
        try await player.enqueue([GeneratedAudio.tone("song", seconds: 1, in: GeneratedAudio.directory())])
        device.perform { application in _ = application.beginBackgroundTask(withName: "Work") }
        device.pressHome()
        #expect(device.appState == .background)
        #expect(throws: PlaybackError.backgroundModeMissing) { try player.play() }
        #expect(!player.isPlaying)
        #expect(device.diagnostics.recent.map(\.rule) == [.missingBackgroundMode])
    }

    @Test func withTheDefaultCategoryLeavingTheForegroundStopsTheMusicAndSaysWhy() async throws {
        let (device, player) = try await playingDevice(modes: [.audio], category: .soloAmbient)
        defer { player.shutdown() }
        device.pressHome()
        #expect(!player.isPlaying)
        #expect(device.appState == .suspended)
        #expect(device.diagnostics.recent.map(\.rule) == [.backgroundAudioCategory])
        let line = try #require(device.console.recentMessages.first { $0.contains("[background-audio-category]") })
        #expect(line.contains("Oops, why did the music stop?") && line.contains("soloAmbient (the default)"))
        #expect(line.contains("playback or playAndRecord") && !line.contains("UIBackgroundModes"))
        device.openApp()
        player.session.setCategory(.ambient)
        device.perform { application in _ = application.beginBackgroundTask(withName: "Work") }
        device.pressHome()
        #expect(throws: PlaybackError.categoryNotForBackground(.ambient)) { try player.play() }
        #expect(device.diagnostics.recent.map(\.rule) == [.backgroundAudioCategory, .backgroundAudioCategory])
    }

    @Test func withoutTheModeAndTheCategoryTheDiagnosticNamesBoth() async throws {
        let (device, player) = try await playingDevice(modes: [], category: .soloAmbient)
        defer { player.shutdown() }
        device.pressHome()
        #expect(device.diagnostics.recent.map(\.rule) == [.missingBackgroundMode])
        let line = try #require(device.console.recentMessages.first { $0.contains("[missing-background-mode]") })
        #expect(line.contains("declare audio and set the category to playback or playAndRecord"))
    }

    @Test func settingASilencedCategoryInTheBackgroundStopsTheMusic() async throws {
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        device.pressHome()
        #expect(player.isPlaying && device.appState == .background)
        player.session.setCategory(.soloAmbient)
        device.runUntilIdle()
        #expect(!player.isPlaying)
        #expect(device.appState == .suspended)
        let line = try #require(device.console.recentMessages.first { $0.contains("[background-audio-category]") })
        #expect(line.contains("changed its audio session's category in the background"))
    }

    @Test func theAppEndingClearsTheQueueAndItsObservers() async throws {
        let recorder = Recorder()
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        player.observe { recorder.append($0) }
        player.session.changeRoute(to: .headphones)
        device.terminate()
        #expect(device.appState == .notRunning)
        #expect(player.items.isEmpty && !player.isPlaying)
        // The next launch starts with a fresh session; the headphones are still plugged in.
        #expect(player.session.category == .soloAmbient && !player.session.isActive)
        #expect(player.session.route == .headphones)
        device.launch()
        try await player.enqueue([GeneratedAudio.tone("again", seconds: 1, in: GeneratedAudio.directory())])
        device.advance(by: .seconds(1))
        #expect(recorder.all.isEmpty)
    }
}
