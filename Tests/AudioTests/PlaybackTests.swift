import Audio
import BackgroundRuntime
import Foundation
import Testing

@Suite("The queue player plays real files on GStreamer, to fakesink")
struct PlaybackTests {
    @Test func aGeneratedMP3AdvancesAtRealTimePace() async throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let player = makePlayer(on: device)
        try player.enqueue([GeneratedAudio.tone("pace", seconds: 4, in: GeneratedAudio.directory())])
        try player.play()
        try await waitUntil("playback started", on: device) { player.currentTime() > .milliseconds(200) }
        let (wallStart, positionStart) = (ContinuousClock.now, player.currentTime())
        try await waitUntil("2.5 s went by", on: device) { ContinuousClock.now - wallStart >= .milliseconds(2500) }
        let (wallEnd, positionEnd) = (ContinuousClock.now, player.currentTime())
        let pace = (positionEnd - positionStart) / (wallEnd - wallStart)
        #expect(pace > 0.95 && pace < 1.05, "position moved \(pace)× as fast as the wall clock")
    }

    @Test func theQueueAdvancesThroughThreeItemsAndReportsEach() async throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let recorder = Recorder()
        let player = makePlayer(on: device, recorder: recorder)
        let directory = try GeneratedAudio.directory()
        try player.enqueue([
            GeneratedAudio.tone("one", seconds: 0.8, frequency: 330, in: directory),
            GeneratedAudio.tone("two", seconds: 0.8, frequency: 440, in: directory),
            GeneratedAudio.tone("three", seconds: 0.8, frequency: 550, in: directory),
        ])
        let items = player.items
        try player.play()
        try await waitUntil("the queue played out", on: device) { recorder.currentItems.last == "-" && !player.isPlaying }
        #expect(recorder.currentItems == ["one.mp3", "two.mp3", "three.mp3", "-"])
        #expect(recorder.all.filter { if case .playbackChanged = $0 { true } else { false } }
            == [.playbackChanged(isPlaying: true), .playbackChanged(isPlaying: false)])
        #expect(recorder.failures.isEmpty)
        for item in items {
            let duration = try #require(item.duration, "\(item.name) has no duration")
            #expect(abs(duration.seconds - 0.8) < 0.1, "\(item.name) lasts \(duration)")
        }
        #expect(player.items.isEmpty && player.currentItem == nil)
        #expect(device.activities.isEmpty)
    }

    @Test func brokenFilesFailAloneWithClearErrorsAndTheQueueGoesOn() async throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let recorder = Recorder()
        let player = makePlayer(on: device, recorder: recorder)
        let directory = try GeneratedAudio.directory()
        try player.enqueue([
            GeneratedAudio.tone("first", seconds: 0.5, in: directory),
            GeneratedAudio.file("garbage.mp3", in: directory),
            directory.appendingPathComponent("missing.mp3"),
            GeneratedAudio.file("empty.mp3", bytes: Data(), in: directory),
            GeneratedAudio.file("notes.mp3", bytes: Data("not music at all\n".utf8), in: directory),
            GeneratedAudio.tone("last", seconds: 0.5, in: directory),
        ])
        try player.play()
        try await waitUntil("the queue played out", on: device) { recorder.currentItems.last == "-" }
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

    @Test func aFileThatGoesBadAfterItWasOpenedFailsAloneWhenItsTurnComes() async throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let recorder = Recorder()
        let player = makePlayer(on: device, recorder: recorder)
        let directory = try GeneratedAudio.directory()
        try player.enqueue([
            GeneratedAudio.tone("first", seconds: 0.5, in: directory),
            GeneratedAudio.tone("spoilt", seconds: 0.5, in: directory),
            GeneratedAudio.tone("last", seconds: 0.5, in: directory),
        ])
        try await waitUntil("every item opened", on: device) { player.items.allSatisfy { $0.status == .readyToPlay } }
        _ = try GeneratedAudio.file("spoilt.mp3", in: directory)
        player.advanceToNextItem()
        try player.play()
        try await waitUntil("the queue played out", on: device) { recorder.currentItems.last == "-" }
        #expect(recorder.failures.map(\.item) == ["spoilt.mp3"])
        #expect(recorder.currentItems == ["first.mp3", "spoilt.mp3", "last.mp3", "-"])
    }

    @Test(arguments: [GeneratedAudio.Format.ogg, .flac, .wav])
    func otherFormatsPlayToo(_ format: GeneratedAudio.Format) async throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let recorder = Recorder()
        let player = makePlayer(on: device, recorder: recorder)
        let url = try GeneratedAudio.tone("tone", seconds: 0.5, format: format, in: GeneratedAudio.directory())
        try player.enqueue([url])
        let item = try #require(player.currentItem)
        try player.play()
        try await waitUntil("it played out", on: device) { player.items.isEmpty }
        #expect(recorder.failures.isEmpty)
        #expect(recorder.currentItems == ["tone.\(format.rawValue)", "-"])
        #expect(abs((item.duration?.seconds ?? 0) - 0.5) < 0.1)
    }

    @Test func pauseAtItemEndKeepsTheItemAndPlayStartsItOver() async throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let player = makePlayer(on: device)
        player.actionAtItemEnd = .pause
        let directory = try GeneratedAudio.directory()
        try player.enqueue([
            GeneratedAudio.tone("short", seconds: 0.4, in: directory),
            GeneratedAudio.tone("next", seconds: 0.4, in: directory),
        ])
        try player.play()
        try await waitUntil("the item ended", on: device) { !player.isPlaying }
        #expect(player.currentItem?.name == "short.mp3")
        #expect(player.items.count == 2)
        #expect(device.activities.isEmpty)
        try player.play()
        try await waitUntil("it ended again", on: device) { !player.isPlaying }
        #expect(player.currentItem?.name == "short.mp3")
    }

    @Test func advanceInsertAndRemoveChangeTheCurrentItem() async throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let recorder = Recorder()
        let player = makePlayer(on: device, recorder: recorder)
        let directory = try GeneratedAudio.directory()
        let a = try PlayerItem(url: GeneratedAudio.tone("a", seconds: 3, in: directory))
        let b = try PlayerItem(url: GeneratedAudio.tone("b", seconds: 3, in: directory))
        let c = try PlayerItem(url: GeneratedAudio.tone("c", seconds: 3, in: directory))
        try player.insert(a)
        try player.insert(c, after: a)
        try player.insert(b, after: a)
        #expect(player.items == [a, b, c])
        #expect(throws: PlayerQueueError.alreadyQueued("b.mp3")) { try player.insert(b) }
        #expect(throws: PlayerQueueError.notQueued("x.mp3")) { try player.insert(PlayerItem(url: URL(fileURLWithPath: "/x.mp3")), after: PlayerItem(url: URL(fileURLWithPath: "/x.mp3"))) }
        try player.play()
        try await waitUntil("a plays", on: device) { player.currentTime() > .milliseconds(100) }
        player.advanceToNextItem()
        #expect(player.currentItem == b)
        try await waitUntil("b plays", on: device) { player.currentTime() > .milliseconds(100) && recorder.currentItems.last == "b.mp3" }
        #expect(device.activities.map(\.name) == ["Playing b.mp3"])
        player.remove(b)
        #expect(player.items == [c])
        player.removeAllItems()
        try await waitUntil("the player stopped", on: device) { recorder.currentItems.last == "-" }
        #expect(recorder.currentItems == ["a.mp3", "b.mp3", "c.mp3", "-"])
        #expect(!player.isPlaying && device.activities.isEmpty)
        #expect(throws: PlaybackError.nothingToPlay) { try player.play() }
    }

    @Test func theQueueIsBounded() throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let player = makePlayer(on: device)
        let url = try GeneratedAudio.tone("again", seconds: 0.1, in: GeneratedAudio.directory())
        for _ in 0..<QueuePlayer.queueLimit {
            try player.insert(PlayerItem(url: url))
        }
        #expect(throws: PlayerQueueError.full(limit: QueuePlayer.queueLimit)) {
            try player.insert(PlayerItem(url: url))
        }
        #expect(player.items.count == QueuePlayer.queueLimit)
        player.removeAllItems()
    }

    @Test func timeObserversReportTheRunningTimeOnTheAppsExecutor() async throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let player = makePlayer(on: device)
        let times = TimeLog()
        player.addPeriodicTimeObserver(forInterval: .milliseconds(10)) { time in
            AppMain.shared.preconditionIsolated()
            times.append(time)
        }
        try player.enqueue([GeneratedAudio.tone("tick", seconds: 1.5, in: GeneratedAudio.directory())])
        try player.play()
        try await waitUntil("the item played out", on: device) { player.items.isEmpty }
        let values = times.all.dropLast()
        #expect(values.count > 60, "only \(values.count) deliveries for 1.5 s at 10 ms")
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect((values.max() ?? .zero) > .milliseconds(1300))
    }
}
