@testable import Audio
@testable import AudioSystem
@testable import AudioWire
import BackgroundRuntime
import Foundation
import TestSupport
import Testing

@Suite("The audio service and the app's player: only messages cross, on manual time with real GStreamer", .temporaryDirectory)
struct AudioServiceMessageTests {
    @Test func newsForAnotherPlayerIsIgnored() async throws {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        // News for another player of the app's is not this one's.
        rig.service.host.post(AudioEventBatch(client: 999, events: [.playbackChanged(isPlaying: true)]))
        device.runUntilIdle()
        #expect(rig.recorder.all.isEmpty)
        // The player still hears its own.
        try rig.player.insert(MediaItem(url: URL(fileURLWithPath: "/nowhere/song.mp3")))
        device.runUntilIdle()
        #expect(rig.recorder.currentItems.first == "song.mp3")
    }

    @Test func theAppsPlayerQueuesItsOwnItemsAndNamesThemInItsErrors() async throws {
        let rig = makeRig()
        defer { rig.service.shutdown() }
        let directory = try GeneratedAudio.directory()
        let a = try await GeneratedAudio.tone("a", seconds: 0.5, in: directory)
        let b = try await GeneratedAudio.tone("b", seconds: 0.5, in: directory)
        let said = rig.inApp { player -> [String] in
            let (first, second, stranger) = (PlayerItem(url: a), PlayerItem(url: b), PlayerItem(url: b))
            var said: [String] = []
            func note(_ body: () throws -> Void) {
                do { try body() } catch { said.append("\(error)") }
            }
            note { try player.insert(first) }
            note { try player.insert(second, after: first) }
            note { try player.insert(first) }
            note { try player.insert(PlayerItem(url: a), after: stranger) }
            said.append(player.items == [first, second] ? "its own items" : "items \(player.items)")
            player.remove(first)
            said.append(player.currentItem === second ? "the second is current" : "\(String(describing: player.currentItem)) is current")
            return said
        }
        #expect(said == ["a.mp3 is in the queue already", "b.mp3 is not in the queue", "its own items", "the second is current"])
        // What the system queued the app sees as items of its own.
        try rig.player.insert(MediaItem(url: a))
        #expect(rig.inApp { $0.items.map(\.name) } == ["b.mp3", "a.mp3"])
        for _ in 2..<QueuePlayer.queueLimit { try rig.player.insert(MediaItem(url: a)) }
        #expect(rig.inApp { player -> PlayerQueueError? in
            do throws(PlayerQueueError) {
                try player.insert(PlayerItem(url: a))
                return nil
            } catch {
                return error
            }
        } == .some(.full(limit: QueuePlayer.queueLimit)))
    }

    @Test func aRouteChangeWaitsForASuspendedAppWithoutWakingIt() async throws {
        let rig = makeRig()
        let device = rig.device
        defer { rig.service.shutdown() }
        let changes = Log<AudioRouteChange>()
        _ = rig.observeRouteChanges(into: changes)
        device.pressHome()
        #expect(device.appState == .suspended)
        rig.session.changeRoute(to: .headphones)
        #expect(device.appState == .suspended && changes.all.isEmpty)
        device.openApp()
        #expect(changes.all.map(\.route) == [.headphones])
        #expect(!device.console.recentMessages.contains { $0.contains("Woken in the background") })
    }

    @Test func pausedInTheBackgroundTheAppHearsOfItAndItsLastTimeBeforeItIsSuspended() async throws {
        let times = Log<Duration>()
        let rig = try await playingDevice(modes: [.audio], times: times)
        let device = rig.device
        defer { rig.service.shutdown() }
        device.pressHome()
        device.advance(by: .milliseconds(100))
        let ticked = times.all.count
        rig.player.pause()
        #expect(device.appState == .suspended)
        #expect(rig.recorder.all.last == .playbackChanged(isPlaying: false))
        #expect(times.all.count == ticked + 1)
        #expect(!device.console.recentMessages.contains { $0.contains("Woken in the background") })
        device.advance(by: .seconds(1))
        #expect(times.all.count == ticked + 1)
    }

    @Test func aRelaunchedAppsPlayerStartsFromWhatTheSystemKept() async throws {
        let rig = try await playingDevice(modes: [.audio])
        let device = rig.device
        defer { rig.service.shutdown() }
        rig.session.changeRoute(to: .headphones)
        device.runUntilIdle()
        let heard = rig.recorder.all.count
        device.crash("EXC_BAD_ACCESS (SIGSEGV)")
        // While the app is not running, a call begins; the headphones stay plugged in.
        device.beginInterruption()
        device.launch()
        let seen = rig.inApp { player in "\(player.session.currentRoute) \(player.items.count) \(player.isPlaying)" }
        #expect(seen == "headphones 0 false")
        #expect(rig.setActiveInApp(true) == .insufficientPriority)
        device.endInterruption()
        #expect(rig.setActiveInApp(true) == nil)
        // Nothing of the last launch reached the new one's player.
        #expect(rig.recorder.all.count == heard)
    }
}
