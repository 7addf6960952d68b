@testable import Audio
import BackgroundRuntime
import Foundation
import Synchronization
import Testing

@Suite("Gapless advance through playbin's about-to-finish")
struct GaplessTests {
    @Test func theNextItemPlaysWithoutReloadingThePipeline() async throws {
        try await LivePlayer.run { live in
            let player = live.player
            try player.enqueue([live.tone("long", seconds: 2.5), live.tone("short", seconds: 0.5, frequency: 660)])
            try await live.waitUntilEveryItemOpened()
            let loads = player.generation.load(ordering: .sequentiallyConsistent)
            try player.play()
            try await live.waitUntilPlayedOut()
            #expect(live.recorder.currentItems == ["long.mp3", "short.mp3", "-"])
            #expect(player.generation.load(ordering: .sequentiallyConsistent) == loads, "the pipeline was reloaded")
        }
    }

    @Test func aSuccessorThatFailsAtTheSwitchFailsAloneAndTheCurrentItemPlaysOn() async throws {
        try await LivePlayer.run { live in
            let player = live.player
            try player.enqueue([live.tone("long", seconds: 2.5), live.tone("spoilt", seconds: 0.5), live.tone("last", seconds: 0.5)])
            try await live.waitUntilEveryItemOpened()
            try live.spoil("spoilt")
            let loads = player.generation.load(ordering: .sequentiallyConsistent)
            let longest = Mutex<Duration>(.zero)
            player.addPeriodicTimeObserver(forInterval: .milliseconds(10)) { time in
                if player.currentItem?.name == "long.mp3" { longest.withLock { $0 = max($0, time) } }
            }
            try player.play()
            try await live.waitUntilPlayedOut()
            #expect(live.recorder.failures.map(\.item) == ["spoilt.mp3"])
            #expect(live.recorder.currentItems == ["long.mp3", "last.mp3", "-"])
            #expect(longest.withLock { $0 } > .milliseconds(2300), "long.mp3 was cut short")
            #expect(
                player.generation.load(ordering: .sequentiallyConsistent) == loads + 1,
                "long.mp3 was not reloaded where it was, once")
        }
    }
}
