@testable import Audio
import BackgroundRuntime
import Foundation
import Synchronization
import Testing

@Suite("Gapless advance through playbin's about-to-finish")
struct GaplessTests {
    @Test func theNextItemPlaysWithoutReloadingThePipeline() async throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let recorder = Recorder()
        let player = makePlayer(on: device, recorder: recorder)
        let directory = try GeneratedAudio.directory()
        try player.enqueue([
            GeneratedAudio.tone("long", seconds: 2.5, in: directory),
            GeneratedAudio.tone("short", seconds: 0.5, frequency: 660, in: directory),
        ])
        try await waitUntil("every item opened", on: device) { player.items.allSatisfy { $0.status == .readyToPlay } }
        let loads = player.generation.load(ordering: .sequentiallyConsistent)
        try player.play()
        try await waitUntil("the queue played out", on: device) { recorder.currentItems.last == "-" }
        #expect(recorder.currentItems == ["long.mp3", "short.mp3", "-"])
        #expect(player.generation.load(ordering: .sequentiallyConsistent) == loads, "the pipeline was reloaded")
    }

    @Test func aSuccessorThatFailsAtTheSwitchFailsAloneAndTheCurrentItemPlaysOn() async throws {
        let device = makeDevice(timing: .live)
        defer { device.shutdown() }
        let recorder = Recorder()
        let player = makePlayer(on: device, recorder: recorder)
        let directory = try GeneratedAudio.directory()
        try player.enqueue([
            GeneratedAudio.tone("long", seconds: 2.5, in: directory),
            GeneratedAudio.tone("spoilt", seconds: 0.5, in: directory),
            GeneratedAudio.tone("last", seconds: 0.5, in: directory),
        ])
        try await waitUntil("every item opened", on: device) { player.items.allSatisfy { $0.status == .readyToPlay } }
        _ = try GeneratedAudio.file("spoilt.mp3", in: directory)
        let loads = player.generation.load(ordering: .sequentiallyConsistent)
        let longest = Mutex<Duration>(.zero)
        player.addPeriodicTimeObserver(forInterval: .milliseconds(10)) { time in
            if player.currentItem?.name == "long.mp3" { longest.withLock { $0 = max($0, time) } }
        }
        try player.play()
        try await waitUntil("the queue played out", on: device) { recorder.currentItems.last == "-" }
        #expect(recorder.failures.map(\.item) == ["spoilt.mp3"])
        #expect(recorder.currentItems == ["long.mp3", "last.mp3", "-"])
        #expect(longest.withLock { $0 } > .milliseconds(2300), "long.mp3 was cut short")
        #expect(player.generation.load(ordering: .sequentiallyConsistent) == loads + 1, "long.mp3 was not reloaded where it was, once")
    }
}
