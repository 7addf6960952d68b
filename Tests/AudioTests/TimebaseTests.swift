@testable import Audio
@testable import AudioSystem
@testable import AudioWire
@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation
import TestSupport
import Testing

@Suite("The player's timebase: time observers tick in the app, on manual time with real GStreamer", .temporaryDirectory)
struct TimebaseTests {
    /// The steps between consecutive times.
    private func steps(_ times: some Collection<Duration>) -> [Duration] {
        zip(times, times.dropFirst()).map { $1 - $0 }
    }

    @Test func ticksHappenInTheAppWithNothingCrossingPerTick() async throws {
        let times = Log<Duration>()
        let rig = try await playingDevice(modes: [.audio], times: times)
        let device = rig.device
        defer { rig.service.shutdown() }
        device.pressHome()
        // The news GStreamer's threads still have (the stream started, the item's duration) is in.
        try await waitUntil("the item is opened and its stream started", on: device) {
            rig.player.currentItem?.duration != nil && rig.service.state.withLock { $0.timebase.rate == 1 }
        }
        let (ticked, crossed) = (times.all.count, device.valuesCrossed)
        device.advance(by: .seconds(1))
        #expect(times.all.count - ticked == 100)
        #expect(device.valuesCrossed == crossed, "\(device.valuesCrossed - crossed) values crossed in 100 ticks")
        // The times move with the device's clock, 10 ms a tick.
        #expect(Set(steps(times.all.suffix(100))) == [.milliseconds(10)])
    }

    @Test func pauseStopsTheTicksAndPlayResumesThemFromWherePlaybackStood() async throws {
        let times = Log<Duration>()
        let rig = try await playingDevice(modes: [.audio], times: times)
        let device = rig.device
        defer { rig.service.shutdown() }
        device.advance(by: .milliseconds(500))
        rig.inApp { $0.pause() }
        let stoppedAt = try #require(times.all.last)
        #expect(rig.inApp { $0.currentTime() } == stoppedAt)
        try await waitUntilStill(rig.player, on: device)
        let ticked = times.all.count
        device.advance(by: .seconds(1))
        #expect(times.all.count == ticked, "no ticks while paused")
        #expect(rig.inApp { $0.currentTime() } == stoppedAt, "the time stands while paused")

        #expect(rig.playInApp() == nil)
        device.advance(by: .milliseconds(100))
        let resumed = Array(times.all.dropFirst(ticked))
        #expect(resumed.count == 10)
        // From where GStreamer paused (a little after the pause was asked for, in real time),
        // on the device's clock.
        let first = try #require(resumed.first)
        #expect(first >= stoppedAt && first < stoppedAt + .seconds(1), "resumed at \(first), stopped at \(stoppedAt)")
        #expect(Set(steps(resumed)) == [.milliseconds(10)])
    }

    @Test func aSeekMovesTheTime() async throws {
        let times = Log<Duration>()
        let rig = try await playingDevice(modes: [.audio], times: times)
        let device = rig.device
        defer { rig.service.shutdown() }
        rig.inApp { $0.seek(to: .seconds(3)) }
        // At once: the clock stands at the new position until the stream plays from there.
        #expect(rig.inApp { $0.currentTime() } == .seconds(3))
        try await waitUntil("the stream plays from 3 s", on: device) {
            rig.player.currentTime() > .milliseconds(3_050) && rig.service.state.withLock { $0.timebase.rate == 1 }
        }
        // From there, on the device's clock, which stood still while the stream started.
        device.advance(by: .milliseconds(100))
        #expect(times.all.last == .milliseconds(3_100))
    }

    @Test func aFrozenAppGetsNoTicksAndThawedTicksFromTheTimeNowWithoutABurst() async throws {
        let times = Log<Duration>()
        let rig = try await playingDevice(modes: [.audio], times: times)
        let device = rig.device
        defer { rig.service.shutdown() }
        device.pressHome()
        device.advance(by: .milliseconds(100))
        let before = try #require(times.all.last)
        let ticked = times.all.count
        // The kernel freezes the app's process (here: its executor), music playing on.
        device.executor.freeze()
        device.advance(by: .seconds(2))
        #expect(times.all.count == ticked)
        device.executor.thaw()
        device.runUntilIdle()
        // One tick, late, with the time now; the next an interval later, not the 200 missed.
        let thawed = Array(times.all.dropFirst(ticked))
        #expect(thawed.count == 1)
        #expect(thawed.first == before + .seconds(2))
        device.advance(by: .milliseconds(10))
        #expect(times.all.count == ticked + 2)
        #expect(times.all.last == before + .milliseconds(2_010))
    }
}
