import Audio
import AudioSystem
import BackgroundRuntime
import Foundation
import TestSupport
import Testing

@Suite("The queue player plays real files on GStreamer, to fakesink", .temporaryDirectory)
struct PlaybackTests {
    @Test func theQueueAdvancesThroughThreeItemsAndReportsEach() async throws {
        try await LivePlayer.run { live in
            let (player, recorder) = (live.player, live.recorder)
            try await live.enqueueTones(["one", "two", "three"], seconds: 0.8)
            let items = player.items
            try player.play()
            try await live.waitUntilPlayedOut()
            #expect(recorder.currentItems == ["one.mp3", "two.mp3", "three.mp3", "-"])
            #expect(recorder.all.filter { if case .playbackChanged = $0 { true } else { false } }
                == [.playbackChanged(isPlaying: true), .playbackChanged(isPlaying: false)])
            #expect(recorder.failures.isEmpty)
            for item in items {
                let duration = try #require(item.duration, "\(item.name) has no duration")
                #expect(abs(duration.seconds - 0.8) < 0.1, "\(item.name) lasts \(duration)")
            }
            #expect(player.items.isEmpty && player.currentItem == nil)
            #expect(live.device.activities.isEmpty)
        }
    }

    @Test func brokenFilesFailAloneWithClearErrorsAndTheQueueGoesOn() async throws {
        try await LivePlayer.run { live in
            let (directory, recorder) = (live.directory, live.recorder)
            try await live.player.enqueue([
                live.tone("first", seconds: 0.5),
                GeneratedAudio.file("garbage.mp3", in: directory),
                directory.appendingPathComponent("missing.mp3"),
                GeneratedAudio.file("empty.mp3", bytes: Data(), in: directory),
                GeneratedAudio.file("notes.mp3", bytes: Data("not music at all\n".utf8), in: directory),
                live.tone("last", seconds: 0.5),
            ])
            try live.player.play()
            try await live.waitUntilPlayedOut()
            #expect(recorder.currentItems.first == "first.mp3")
            #expect(recorder.currentItems.suffix(2) == ["last.mp3", "-"])
            let failures = Dictionary(uniqueKeysWithValues: recorder.failures.map { ($0.item, $0) })
            #expect(Set(failures.keys) == ["garbage.mp3", "missing.mp3", "empty.mp3", "notes.mp3"])
            #expect(failures["garbage.mp3"]?.reason == .undecodable)
            #expect(failures["notes.mp3"]?.reason == .undecodable)
            #expect(failures["missing.mp3"]?.reason == .notFound)
            #expect(failures["garbage.mp3"]?.description.hasPrefix("garbage.mp3: not audio that can be decoded") == true)
            #expect(failures["missing.mp3"]?.description.hasPrefix("missing.mp3: no such file") == true)
        }
    }

    @Test func aFileThatGoesBadAfterItWasOpenedFailsAloneWhenItsTurnComes() async throws {
        try await LivePlayer.run { live in
            try await live.enqueueTones(["first", "spoilt", "last"], seconds: 0.5)
            try await live.waitUntilEveryItemOpened()
            try live.spoil("spoilt")
            live.player.advanceToNextItem()
            try live.player.play()
            try await live.waitUntilPlayedOut()
            #expect(live.recorder.failures.map(\.item) == ["spoilt.mp3"])
            #expect(live.recorder.currentItems == ["first.mp3", "spoilt.mp3", "last.mp3", "-"])
        }
    }

    @Test(arguments: [GeneratedAudio.Format.ogg, .flac, .wav])
    func otherFormatsPlayToo(_ format: GeneratedAudio.Format) async throws {
        try await LivePlayer.run { live in
            try await live.player.enqueue([GeneratedAudio.tone("tone", seconds: 0.5, format: format, in: live.directory)])
            let item = try #require(live.player.currentItem)
            try live.player.play()
            try await live.waitUntilPlayedOut()
            #expect(live.recorder.failures.isEmpty)
            #expect(live.recorder.currentItems == ["tone.\(format.rawValue)", "-"])
            #expect(abs((item.duration?.seconds ?? 0) - 0.5) < 0.1)
        }
    }

    @Test func pauseAtItemEndKeepsTheItemAndPlayStartsItOver() async throws {
        try await LivePlayer.run { live in
            let player = live.player
            player.actionAtItemEnd = .pause
            try await live.enqueueTones(["short", "next"], seconds: 0.4)
            try player.play()
            try await waitUntil("the item ended", on: live.device) { !player.isPlaying }
            #expect(player.currentItem?.name == "short.mp3")
            #expect(player.items.count == 2)
            // The activity ends once the app has taken in the end of playback.
            try await waitUntil("the audio activity ended", on: live.device) { live.device.activities.isEmpty }
            try player.play()
            try await waitUntil("it ended again", on: live.device) { !player.isPlaying }
            #expect(player.currentItem?.name == "short.mp3")
        }
    }

    @Test func advanceInsertAndRemoveChangeTheCurrentItem() async throws {
        try await LivePlayer.run { live in
            let (player, recorder) = (live.player, live.recorder)
            let a = try await MediaItem(url: live.tone("a", seconds: 3))
            let b = try await MediaItem(url: live.tone("b", seconds: 3))
            let c = try await MediaItem(url: live.tone("c", seconds: 3))
            let stranger = MediaItem(url: URL(fileURLWithPath: "/x.mp3"))
            try player.insert(a)
            try player.insert(c, after: a)
            try player.insert(b, after: a)
            #expect(player.items == [a, b, c])
            #expect(throws: PlayerQueueError.alreadyQueued("b.mp3")) { try player.insert(b) }
            #expect(throws: PlayerQueueError.notQueued("x.mp3")) { try player.insert(MediaItem(url: stranger.url), after: stranger) }
            try player.play()
            try await waitUntil("a plays", on: live.device) { player.currentTime() > .milliseconds(100) }
            player.advanceToNextItem()
            #expect(player.currentItem == b)
            try await waitUntil("b plays", on: live.device) {
                player.currentTime() > .milliseconds(100) && recorder.currentItems.last == "b.mp3"
            }
            #expect(live.device.activities.map(\.name) == ["Playing b.mp3"])
            player.remove(b)
            #expect(player.items == [c])
            player.removeAllItems()
            try await live.waitUntilPlayedOut()
            #expect(recorder.currentItems == ["a.mp3", "b.mp3", "c.mp3", "-"])
            #expect(live.device.activities.isEmpty)
            #expect(throws: PlaybackError.nothingToPlay) { try player.play() }
        }
    }

    @Test func theQueueIsBounded() async throws {
        try await LivePlayer.run { live in
            let url = try await live.tone("again", seconds: 0.1)
            for _ in 0..<QueuePlayer.queueLimit {
                try live.player.insert(MediaItem(url: url))
            }
            #expect(throws: PlayerQueueError.full(limit: QueuePlayer.queueLimit)) {
                try live.player.insert(MediaItem(url: url))
            }
            #expect(live.player.items.count == QueuePlayer.queueLimit)
            live.player.removeAllItems()
        }
    }

    @Test func timeObserversReportTheRunningTimeOnTheAppsExecutor() async throws {
        try await LivePlayer.run { live in
            let times = Log<Duration>()
            await live.rig.inLiveApp { player in
                player.addPeriodicTimeObserver(forInterval: .milliseconds(10)) { time in
                    AppMain.shared.preconditionIsolated()
                    times.append(time)
                }
            }
            try await live.enqueueTones(["tick"], seconds: 1.5)
            try live.player.play()
            try await live.waitUntilPlayedOut()
            // They follow the position as it moves on. How many come a second is the manual
            // clock's to check (BackgroundAudioTests), the pace against the wall clock
            // audio-bench's to measure (Benchmarks/AudioBench).
            let values = times.all.dropLast()
            #expect(values.count > 1, "\(values.count) deliveries")
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
            #expect((values.last ?? .zero) > (values.first ?? .zero))
        }
    }
}
