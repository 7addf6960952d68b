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
            try await player.enqueue([live.tone("long", seconds: 2.5), live.tone("short", seconds: 0.5, frequency: 660)])
            try await live.waitUntilEveryItemOpened()
            try player.play()
            try await waitUntil("long.mp3 plays", on: live.device) { player.currentTime() > .zero }
            let loads = player.generation.load(ordering: .sequentiallyConsistent)
            try await waitUntil("short.mp3 plays", on: live.device) { live.recorder.currentItems.contains("short.mp3") }
            #expect(player.generation.load(ordering: .sequentiallyConsistent) == loads, "the pipeline was reloaded")
            try await live.waitUntilPlayedOut()
            #expect(live.recorder.currentItems == ["long.mp3", "short.mp3", "-"])
        }
    }

    @Test func aSuccessorThatFailsAtTheSwitchFailsAloneAndTheCurrentItemPlaysOn() async throws {
        try await LivePlayer.run { live in
            let player = live.player
            try await player.enqueue([live.tone("long", seconds: 2.5), live.tone("spoilt", seconds: 0.5), live.tone("last", seconds: 0.5)])
            try await live.waitUntilEveryItemOpened()
            try live.spoil("spoilt")
            let longest = Mutex<Duration>(.zero)
            player.addPeriodicTimeObserver(forInterval: .milliseconds(10)) { time in
                if player.currentItem?.name == "long.mp3" { longest.withLock { $0 = max($0, time) } }
            }
            let failedDuringLong = Mutex<Duration?>(nil)
            player.observe { event in
                if case .itemFailed = event, player.currentItem?.name == "long.mp3" {
                    failedDuringLong.withLock { $0 = player.currentTime() }
                }
            }
            try player.play()
            try await live.waitUntilPlayedOut()
            #expect(live.recorder.failures.map(\.item) == ["spoilt.mp3"])
            #expect(live.recorder.currentItems == ["long.mp3", "last.mp3", "-"])
            // spoilt.mp3 failed while it was being handed over, before long.mp3 ended, and
            // long.mp3 played on after the failure.
            let failedAt = try #require(failedDuringLong.withLock { $0 }, "spoilt.mp3 failed after long.mp3 ended")
            #expect(longest.withLock { $0 } > failedAt, "long.mp3 stopped at the failure")
        }
    }
}
