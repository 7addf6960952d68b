import Audio
import BackgroundRuntime
import Foundation
import TestSupport
import Testing

extension AudioRig where D == TestDevice {
    /// Records the route changes the app's session is told of; its observer's token.
    func observeRouteChanges(into changes: Log<AudioRouteChange>) -> AudioSessionObserverToken? {
        inApp { player in player.session.observeRouteChanges { changes.append($0) } }
    }
}

@Suite("Route changes: headphones plugged in and unplugged, on manual time with real GStreamer", .temporaryDirectory)
struct RouteChangeTests {
    @Test func unpluggingTheHeadphonesPausesAndPluggingThemInPlaysOn() async throws {
        let rig = try await playingDevice(modes: [.audio])
        let (device, player, session) = (rig.device, rig.player, rig.session)
        defer { rig.service.shutdown() }
        let changes = Log<AudioRouteChange>()
        _ = rig.observeRouteChanges(into: changes)
        #expect(device.fact(.audioRoute) == .speaker)
        session.changeRoute(to: .headphones)
        device.runUntilIdle()
        #expect(player.isPlaying)
        #expect(device.fact(.audioRoute) == .headphones)
        #expect(rig.inApp { $0.session.currentRoute } == .headphones)
        device.pressHome()
        #expect(device.appState == .background)
        session.changeRoute(to: .speaker)
        device.runUntilIdle()
        #expect(!player.isPlaying)
        #expect(device.appState == .suspended)
        #expect(changes.all.map(\.reason) == [.newDeviceAvailable, .oldDeviceUnavailable])
        #expect(changes.all.last?.previousRoute == .headphones && changes.all.last?.route == .speaker)
        #expect(device.console.recentMessages.contains("Audio route changed: headphones → speaker (oldDeviceUnavailable)"))
    }

    @Test func aHeadsetThatDisconnectsPausesAndTheSameRouteChangesNothing() async throws {
        let rig = try await playingDevice(modes: [.audio])
        let (device, player, session) = (rig.device, rig.player, rig.session)
        defer { rig.service.shutdown() }
        let changes = Log<AudioRouteChange>()
        let token = try #require(rig.observeRouteChanges(into: changes))
        #expect(session.changeRoute(to: .speaker) == nil)
        #expect(session.changeRoute(to: .bluetooth)?.reason == .newDeviceAvailable)
        #expect(session.changeRoute(to: .bluetooth) == nil)
        device.runUntilIdle()
        #expect(player.isPlaying)
        rig.inApp { $0.session.removeObserver(token) }
        #expect(session.changeRoute(to: .speaker)?.reason == .oldDeviceUnavailable)
        device.runUntilIdle()
        #expect(!player.isPlaying)
        #expect(changes.all.map(\.route) == [.bluetooth])
    }
}
