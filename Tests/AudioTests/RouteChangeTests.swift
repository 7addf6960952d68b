import Audio
import BackgroundRuntime
import Foundation
import TestSupport
import Testing

@Suite("Route changes: headphones plugged in and unplugged, on manual time with real GStreamer", .temporaryDirectory)
struct RouteChangeTests {
    @Test func unpluggingTheHeadphonesPausesAndPluggingThemInPlaysOn() async throws {
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        let changes = Log<AudioRouteChange>()
        player.session.observeRouteChanges { changes.append($0) }
        #expect(device.fact(.audioRoute) == .speaker)
        player.session.changeRoute(to: .headphones)
        device.runUntilIdle()
        #expect(player.isPlaying)
        #expect(device.fact(.audioRoute) == .headphones)
        device.pressHome()
        #expect(device.appState == .background)
        player.session.changeRoute(to: .speaker)
        device.runUntilIdle()
        #expect(!player.isPlaying)
        #expect(device.appState == .suspended)
        #expect(changes.all.map(\.reason) == [.newDeviceAvailable, .oldDeviceUnavailable])
        #expect(changes.all.last?.previousRoute == .headphones && changes.all.last?.route == .speaker)
        #expect(device.console.recentMessages.contains("Audio route changed: headphones → speaker (oldDeviceUnavailable)"))
    }

    @Test func aHeadsetThatDisconnectsPausesAndTheSameRouteChangesNothing() async throws {
        let (device, player) = try await playingDevice(modes: [.audio])
        defer { player.shutdown() }
        let changes = Log<AudioRouteChange>()
        let token = player.session.observeRouteChanges { changes.append($0) }
        #expect(player.session.changeRoute(to: .speaker) == nil)
        #expect(player.session.changeRoute(to: .bluetooth)?.reason == .newDeviceAvailable)
        #expect(player.session.changeRoute(to: .bluetooth) == nil)
        device.runUntilIdle()
        #expect(player.isPlaying)
        player.session.removeObserver(token)
        #expect(player.session.changeRoute(to: .speaker)?.reason == .oldDeviceUnavailable)
        device.runUntilIdle()
        #expect(!player.isPlaying)
        #expect(changes.all.map(\.route) == [.bluetooth])
    }
}
