@testable import Audio
@testable import AudioSystem
@testable import AudioWire
import BackgroundRuntime
import Foundation
import Synchronization
import TestSupport
import Testing

@Suite("Gapless advance through playbin's about-to-finish", .temporaryDirectory)
struct GaplessTests {
    @Test func theNextItemPlaysWithoutReloadingThePipeline() async throws {
        try await LivePlayer.run { live in
            let player = live.player
            try await live.playLongThenShort()
            try await waitUntil("long.mp3 plays", on: live.device) { player.currentTime() > .zero }
            try await live.expectShortFollowsWithoutReload(sinceLoad: player.generation.load(ordering: .sequentiallyConsistent))
        }
    }

    @Test func theHandoverDoesNotWaitForTheControlQueue() async throws {
        try await LivePlayer.run { live in
            let player = live.player
            try await live.playLongThenShort()
            // The control queue stops once it has loaded long.mp3, as when the process is busy:
            // the message that the stream started waits there while playbin asks for the next item.
            let control = player.control
            control.async { control.suspend() }
            do {
                // Until playbin has asked: the handover is made, or it was refused and long.mp3 ended.
                try await waitUntil("playbin asks for the next item", on: live.device) {
                    player.state.withLock { !$0.pending.isEmpty } || player.currentTime() > .milliseconds(2_400)
                }
            } catch {
                control.resume()
                throw error
            }
            let loads = player.generation.load(ordering: .sequentiallyConsistent)
            control.resume()
            try await live.expectShortFollowsWithoutReload(sinceLoad: loads)
        }
    }

    @Test func aSuccessorThatFailsAtTheSwitchFailsAloneAndTheCurrentItemPlaysOn() async throws {
        try await LivePlayer.run { live in
            let player = live.player
            try await player.enqueue([live.tone("long", seconds: 2.5), live.tone("spoilt", seconds: 0.5), live.tone("last", seconds: 0.5)])
            try await live.waitUntilEveryItemOpened()
            try live.spoil("spoilt")
            let longest = Mutex<Duration>(.zero)
            let failedDuringLong = Mutex<Duration?>(nil)
            await live.rig.inLiveApp { player in
                player.addPeriodicTimeObserver(forInterval: .milliseconds(10)) { [weak player] time in
                    if player?.currentItem?.name == "long.mp3" { longest.withLock { $0 = max($0, time) } }
                }
                player.observe { [weak player] event in
                    if case .itemFailed = event, let player, player.currentItem?.name == "long.mp3" {
                        failedDuringLong.withLock { $0 = player.currentTime() }
                    }
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

extension LivePlayer {
    /// Queues long.mp3 (2.5 s) then short.mp3 (0.5 s), waits until both are opened, and plays.
    fileprivate func playLongThenShort() async throws {
        try await player.enqueue([tone("long", seconds: 2.5), tone("short", seconds: 0.5, frequency: 660)])
        try await waitUntilEveryItemOpened()
        try player.play()
    }

    /// Waits until short.mp3 follows long.mp3 and the queue plays out, expecting load `loads`
    /// of the pipeline to have played both.
    fileprivate func expectShortFollowsWithoutReload(sinceLoad loads: Int) async throws {
        try await waitUntil("short.mp3 plays", on: device) { recorder.currentItems.contains("short.mp3") }
        #expect(player.generation.load(ordering: .sequentiallyConsistent) == loads, "the pipeline was reloaded")
        try await waitUntilPlayedOut()
        #expect(recorder.currentItems == ["long.mp3", "short.mp3", "-"])
    }
}
