import Audio
import BackgroundRuntime
import Foundation
import Testing

@Suite("Background audio: the rules of the audio mode, on manual time with real GStreamer")
struct BackgroundAudioTests {
    /// A manual device with `modes` whose player is playing a 5 s tone, with a 10 ms time
    /// observer recording into `times`.
    private func playingDevice(modes: Set<BackgroundMode>, times: TimeLog = TimeLog()) async throws -> (TestDevice, QueuePlayer) {
        let device = makeDevice(modes: modes)
        let player = makePlayer(on: device)
        player.addPeriodicTimeObserver(forInterval: .milliseconds(10)) { times.append($0) }
        try await player.enqueue([GeneratedAudio.tone("song", seconds: 5, in: GeneratedAudio.directory())])
        try player.play()
        try await waitUntil("GStreamer plays", on: device) { player.currentTime() > .milliseconds(50) }
        return (device, player)
    }

    /// Waits until the player's position has not moved for 200 ms of real time.
    private func waitUntilStill(_ player: QueuePlayer, on device: TestDevice) async throws {
        var last = player.currentTime()
        var lastChange = ContinuousClock.now
        try await waitUntil("the position stands still", on: device) {
            let now = player.currentTime()
            if now != last { (last, lastChange) = (now, .now) }
            return ContinuousClock.now - lastChange > .milliseconds(200)
        }
    }

    @Test func withAudioDeclaredTheAppKeepsRunningAndTimeCallbacksKeepComing() async throws {
        let times = TimeLog()
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
        let times = TimeLog()
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

    @Test func aCallPausesPlaybackAndItsEndResumesIt() async throws {
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        device.beginInterruption()
        #expect(!player.isPlaying)
        #expect(throws: PlaybackError.interrupted) { try player.play() }
        try await waitUntilStill(player, on: device)
        device.endInterruption()
        #expect(player.isPlaying)
        let resumedAt = player.currentTime()
        try await waitUntil("the music moves again", on: device) { player.currentTime() > resumedAt + .milliseconds(100) }
    }

    @Test func aCallInTheBackgroundKeepsTheAppRunningToResume() async throws {
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        device.pressHome()
        device.beginInterruption()
        #expect(!player.isPlaying)
        #expect(device.appState == .background)
        device.endInterruption()
        #expect(player.isPlaying)
        #expect(device.appState == .background)
    }

    @Test func musicPausedBeforeOrDuringACallStaysPaused() async throws {
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        player.pause()
        device.beginInterruption()
        device.endInterruption()
        #expect(!player.isPlaying)
        try player.play()
        device.beginInterruption()
        player.pause()
        device.endInterruption()
        #expect(!player.isPlaying)
    }

    @Test func theAppEndingClearsTheQueueAndItsObservers() async throws {
        let recorder = Recorder()
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        player.observe { recorder.record($0) }
        device.terminate()
        #expect(device.appState == .notRunning)
        #expect(player.items.isEmpty && !player.isPlaying)
        device.launch()
        try await player.enqueue([GeneratedAudio.tone("again", seconds: 1, in: GeneratedAudio.directory())])
        device.advance(by: .seconds(1))
        #expect(recorder.all.isEmpty)
    }
}
