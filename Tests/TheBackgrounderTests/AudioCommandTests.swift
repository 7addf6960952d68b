import Audio
import BackgroundCommands
import BackgroundRuntime
import Foundation
import TestSupport
import Testing
@testable import TheBackgrounder

/// TheBackgrounder on a manual device, silent, its audio to fakesink.
private func makeAudioBackgrounder(infoPlist: InfoPlist? = nil) throws -> Backgrounder {
    let backgrounder = Backgrounder.onTestDevice(Configuration(
        infoPlist: try infoPlist ?? BundledResources.infoPlist(),
        dataDirectory: TestTemporaryDirectory.make("backgrounder-audio"),
        consoleOutput: nil,
        audioOutput: .null))
    backgrounder.start()
    return backgrounder
}

/// The `screens.audio` object and the `state` of a status line.
private func audioStatus(_ backgrounder: Backgrounder) async throws -> (audio: [String: Any], state: String) {
    _ = await backgrounder.execute("wait 0")
    guard case .output(let json) = await backgrounder.execute("status") else { throw CommandError.usage("no status") }
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let screens = try #require(object["screens"] as? [String: Any])
    return (try #require(screens["audio"] as? [String: Any]), try #require(object["state"] as? String))
}

@Suite("Headless audio commands", .temporaryDirectory)
struct AudioCommandTests {
    @Test func playAndPauseShowInTheStatusWithTheItemAndTheTime() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        var (audio, _) = try await audioStatus(backgrounder)
        #expect(audio["item"] as? String == "IronBacon.mp3")
        #expect(audio["playing"] as? Bool == false)
        #expect(audio["time"] as? Double == 0)
        #expect(await backgrounder.execute("audio play") == .done)
        (audio, _) = try await audioStatus(backgrounder)
        #expect(audio["playing"] as? Bool == true)
        #expect(backgrounder.device.status().activities == ["Playing IronBacon.mp3"])
        #expect(await backgrounder.execute("audio pause") == .done)
        (audio, _) = try await audioStatus(backgrounder)
        #expect(audio["playing"] as? Bool == false)
    }

    @Test func audioMixOnMixesTheSessionAndItsNextPlayEndsTheNowPlaying() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        #expect(await backgrounder.execute("audio play") == .done)
        _ = await backgrounder.execute("wait 0")
        #expect(backgrounder.device.nowPlaying.isNowPlayingApp)
        #expect(await backgrounder.execute("audio mix on") == .done)
        let (audio, _) = try await audioStatus(backgrounder)
        let session = try #require(audio["session"] as? [String: Any])
        #expect(session["options"] as? [String] == ["mixWithOthers"])
        #expect(await backgrounder.execute("audio play") == .done)
        #expect(!backgrounder.device.nowPlaying.isNowPlayingApp)
        #expect(await backgrounder.execute("audio mix off") == .done)
        #expect(await backgrounder.execute("audio play") == .done)
        #expect(backgrounder.device.nowPlaying.isNowPlayingApp)
    }

    @Test func afterAMediaServerResetTheAudioTabQueuesItsTracksAgainAndWaitsForTheUser() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        #expect(await backgrounder.execute("audio mix on") == .done)
        #expect(await backgrounder.execute("audio next") == .done)
        #expect(await backgrounder.execute("audio play") == .done)
        #expect(await backgrounder.execute("device reset-media-services") == .done)
        let (audio, _) = try await audioStatus(backgrounder)
        #expect(audio["playing"] as? Bool == false)
        #expect(audio["item"] as? String == "IronBacon.mp3", "the tracks are queued again from the first")
        let session = try #require(audio["session"] as? [String: Any])
        #expect(session["category"] as? String == "playAndRecord")
        #expect(session["options"] as? [String] == ["mixWithOthers"])
        #expect(session["active"] as? Bool == false)
        #expect(backgrounder.device.console.recentMessages.contains(
            "Media services were reset: the Audio tab set up its session and queue again"))
        #expect(await backgrounder.execute("audio play") == .done)
    }

    @Test func otherAudioPlaysUntilTheAudioTabsSessionInterruptsIt() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        #expect(await backgrounder.execute("device other-audio stop")
            == .failed(.invalidArgument("device other-audio: the other app plays no audio")))
        #expect(await backgrounder.execute("device other-audio pause")
            == .failed(.invalidArgument("device other-audio: \"pause\" is not play or stop")))
        #expect(await backgrounder.execute("device other-audio") == .failed(.usage("device other-audio play|stop")))
        #expect(await backgrounder.execute("device other-audio play") == .done)
        #expect(await backgrounder.execute("device other-audio play")
            == .failed(.invalidArgument("device other-audio: the other app's audio plays already")))
        var session = try #require(try await audioStatus(backgrounder).audio["session"] as? [String: Any])
        #expect(session["otherAudio"] as? String == "playing" && session["otherAudioPlaying"] as? Bool == true)
        #expect(await backgrounder.execute("audio play") == .done)
        session = try #require(try await audioStatus(backgrounder).audio["session"] as? [String: Any])
        #expect(session["otherAudio"] as? String == "interrupted" && session["otherAudioPlaying"] as? Bool == false)
        #expect(await backgrounder.execute("device other-audio stop") == .done)
        session = try #require(try await audioStatus(backgrounder).audio["session"] as? [String: Any])
        #expect(session["otherAudio"] as? String == "stopped")
    }

    @Test func nextGoesThroughTheTracksInOrderThenSaysTheQueueIsEmpty() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        for _ in 0..<3 { #expect(await backgrounder.execute("audio next") == .done) }
        _ = await backgrounder.execute("wait 0")
        #expect(backgrounder.device.console.recentMessages.filter { $0.hasPrefix("New music name:") } == [
            "New music name: IronBacon.mp3", "New music name: FeelinGood.mp3", "New music name: WhatYouWant.mp3",
        ])
        #expect(await backgrounder.execute("audio next") == .failed(.invalidArgument("audio next: the queue is empty")))
        #expect(await backgrounder.execute("audio play") == .failed(.invalidArgument("audio play: the queue is empty")))
    }

    @Test func addQueuesAFileAndRefusesBadPathsByName() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        let directory = TestTemporaryDirectory.make("audio-add")
        let song = directory.appendingPathComponent("My Song.mp3")
        try FileManager.default.copyItem(at: try #require(BundledTracks.urls.first), to: song)
        #expect(await backgrounder.execute("audio add \(song.path)") == .done)
        #expect(backgrounder.audio.player.items.map(\.name).last == "My Song.mp3")
        let missing = directory.appendingPathComponent("missing.mp3").path
        #expect(await backgrounder.execute("audio add \(missing)") == .failed(.invalidArgument("audio add: \(missing): no such file")))
        #expect(await backgrounder.execute("audio add \(directory.path)")
            == .failed(.invalidArgument("audio add: \(directory.path): cannot be read (it is a directory)")))
        #expect(await backgrounder.execute("audio add") == .failed(.usage("audio add PATH")))
        #expect(backgrounder.audio.player.items.count == 4)
    }

    @Test func theAudioModeKeepsTheMusicPlayingAfterHome() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        _ = await backgrounder.execute("audio play")
        _ = await backgrounder.execute("home")
        let (audio, state) = try await audioStatus(backgrounder)
        #expect(state == "background")
        #expect(audio["playing"] as? Bool == true)
        #expect(backgrounder.device.diagnostics.count == 0)
    }

    @Test func withoutTheAudioModeHomeStopsTheMusicWithTheDiagnostic() async throws {
        let backgrounder = try makeAudioBackgrounder(infoPlist: InfoPlist(backgroundModes: [.fetch]))
        defer { backgrounder.audio.shutdown() }
        _ = await backgrounder.execute("audio play")
        _ = await backgrounder.execute("home")
        #expect(try await audioStatus(backgrounder).state == "suspended")
        #expect(!backgrounder.audio.player.isPlaying)
        #expect(backgrounder.device.diagnostics.countByRule[.missingBackgroundMode] == 1)
        #expect(await backgrounder.execute("audio play")
            == .failed(.invalidArgument("audio play: the app is suspended, so it cannot start playback; open it first")))
    }

    @Test func audioRouteMovesTheAudioAndUnpluggingPausesTheMusic() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        var (audio, state) = try await audioStatus(backgrounder)
        #expect(audio["route"] as? String == "speaker")
        let session = try #require(audio["session"] as? [String: Any])
        #expect(session["category"] as? String == "playAndRecord" && session["active"] as? Bool == false)
        #expect(await backgrounder.execute("device audio-route unplug")
            == .failed(.invalidArgument("device audio-route: nothing is plugged in; the audio goes to the speaker already")))
        #expect(await backgrounder.execute("device audio-route usb")
            == .failed(.invalidArgument("device audio-route: \"usb\" is not speaker, headphones, bluetooth or unplug")))
        #expect(await backgrounder.execute("device audio-route headphones") == .done)
        #expect(await backgrounder.execute("audio play") == .done)
        #expect(await backgrounder.execute("home") == .done)
        (audio, state) = try await audioStatus(backgrounder)
        #expect(audio["route"] as? String == "headphones" && audio["playing"] as? Bool == true && state == "background")
        #expect(await backgrounder.execute("device audio-route unplug") == .done)
        (audio, state) = try await audioStatus(backgrounder)
        #expect(audio["route"] as? String == "speaker" && audio["playing"] as? Bool == false && state == "suspended")
        #expect(backgrounder.device.console.recentMessages.contains("Audio route changed: headphones → speaker (oldDeviceUnavailable)"))
    }

    @Test func theLockScreensControlsGoToTheAudioTabOnceItPlayedAndWakeIt() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        #expect(await backgrounder.execute("remote play") == .failed(.invalidArgument(
            "remote: TheBackgrounder is not the Now Playing app: it has not played audio through a session that does not mix with others")))
        #expect(await backgrounder.execute("remote seek") == .failed(.invalidArgument("remote: seek needs the position in SECONDS")))
        #expect(await backgrounder.execute("remote next now") == .failed(.invalidArgument("remote: next takes no more words")))
        #expect(await backgrounder.execute("remote eject")
            == .failed(.invalidArgument("remote: \"eject\" is not play, pause, toggle, stop, next, previous or seek")))
        #expect(await backgrounder.execute("audio play") == .done)
        #expect(await backgrounder.execute("home") == .done)
        #expect(await backgrounder.execute("remote pause") == .done)
        var (audio, state) = try await audioStatus(backgrounder)
        #expect(audio["playing"] as? Bool == false && state == "suspended")
        #expect(await backgrounder.execute("remote play") == .done)
        (audio, state) = try await audioStatus(backgrounder)
        #expect(audio["playing"] as? Bool == true && state == "background")
        #expect(backgrounder.device.console.recentMessages.contains("Woken in the background: remote command play"))
        #expect(await backgrounder.execute("remote previous")
            == .failed(.invalidArgument("remote: TheBackgrounder has no handler for previousTrack")))
        #expect(await backgrounder.execute("remote next") == .done)
        (audio, _) = try await audioStatus(backgrounder)
        #expect(audio["item"] as? String == "FeelinGood.mp3")
        let nowPlaying = backgrounder.device.nowPlaying
        #expect(nowPlaying.isNowPlayingApp && nowPlaying.info?.title == "FeelinGood.mp3" && nowPlaying.isPlaying)
        #expect(nowPlaying.commands == [.play, .pause, .togglePlayPause, .nextTrack, .changePlaybackPosition])
    }

    @Test func aCallSuspendsTheAppPlayingInTheBackgroundAndTheTabPlaysAgainAfterIt() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        _ = await backgrounder.execute("audio play")
        _ = await backgrounder.execute("home")
        _ = await backgrounder.execute("interrupt begin")
        var (audio, state) = try await audioStatus(backgrounder)
        #expect(state == "suspended" && audio["playing"] as? Bool == false)
        #expect((audio["session"] as? [String: Any])?["active"] as? Bool == false)
        _ = await backgrounder.execute("interrupt end")
        (audio, state) = try await audioStatus(backgrounder)
        #expect(state == "background" && audio["playing"] as? Bool == true)
        #expect((audio["session"] as? [String: Any])?["active"] as? Bool == true)
        #expect(backgrounder.device.status().activities == ["Playing IronBacon.mp3"])
    }

    @Test func audioCommandsNeedARunningApp() async throws {
        let backgrounder = try makeAudioBackgrounder()
        defer { backgrounder.audio.shutdown() }
        _ = await backgrounder.execute("terminate")
        #expect(await backgrounder.execute("audio pause") == .failed(.invalidArgument("audio pause: the app is not running; open it first")))
        #expect(await backgrounder.execute("audio add /tmp/x.mp3") == .failed(.invalidArgument("audio add: the app is not running; open it first")))
        _ = await backgrounder.execute("open")
        #expect(backgrounder.audio.player.items.map(\.name) == BundledTracks.names)
    }
}
