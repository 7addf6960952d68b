import BackgroundRuntime
import Foundation
import TestSupport
import Testing
@testable import Location

/// Fixes that arrive faster than the app takes them reach it together, in order, as iOS's
/// `didUpdateLocations` array does; a busy app's backlog is bounded.
@Suite("Location deliveries", .temporaryDirectory)
struct DeliveryTests {
    /// A rig updating from a ``BurstSource``, in the background unless `inBackground` is false.
    private func burstRig(inBackground: Bool = true) -> (LocationRig, BurstSource) {
        let rig = LocationRig(modes: [.location])
        let source = BurstSource()
        rig.device.launch()
        rig.service.use(source)
        rig.screen { $0.setOn(true) }
        if inBackground { rig.device.pressHome() }
        rig.device.runUntilIdle()
        return (rig, source)
    }

    @Test func fixesThatArriveBeforeTheAppRunsComeInOneCallInOrder() throws {
        let (rig, source) = burstRig()
        let jobsBefore = rig.device.executor.jobsStarted
        source.send(3)
        rig.device.runUntilIdle()
        #expect(rig.device.executor.jobsStarted - jobsBefore == 1)
        let stored = try rig.storedFixes()
        #expect(stored.map(\.coordinate.latitude) == [37, 37.00001, 37.00002])
        #expect(rig.backgroundedLines.count == 3)
        #expect(rig.snapshot?.storedCount == 3)
    }

    @Test func aBusyAppKeepsOnlyTheNewestFixesUpToTheLimit() throws {
        let (rig, source) = burstRig()
        source.send(LocationService.undeliveredLimit + 500)
        rig.device.runUntilIdle()
        let stored = try rig.storedFixes()
        #expect(stored.count == LocationService.undeliveredLimit)
        #expect(stored.first?.timestamp == Date(timeIntervalSince1970: 500))
        #expect(stored.last?.timestamp == Date(timeIntervalSince1970: Double(LocationService.undeliveredLimit + 499)))
    }

    @Test func aSourceThatFloodsIsHeldUntilTheAppHasCaughtUp() throws {
        let (rig, source) = burstRig()
        source.send(LocationService.holdThreshold - 1)
        #expect(source.holds.isEmpty)
        source.send(1)
        #expect(source.holds == [true])
        rig.device.runUntilIdle()
        #expect(source.holds == [true, false])
        #expect(try rig.storedFixes().count == LocationService.holdThreshold)
    }

    @Test func aHeldSourceIsReleasedWhenTheAppEnds() {
        let (rig, source) = burstRig()
        source.send(LocationService.holdThreshold)
        rig.device.terminate()
        #expect(source.holds == [true, false])
    }

    @Test func fixesWaitingWhenUpdatesStopAreNotDeliveredLater() throws {
        let (rig, source) = burstRig(inBackground: false)
        // The fixes arrive while the app's code runs, and that code stops and restarts updates.
        rig.screen { screen in
            source.send(2)
            screen.manager.stopUpdatingLocation()
            screen.manager.startUpdatingLocation()
        }
        rig.device.runUntilIdle()
        #expect(try rig.storedFixes().isEmpty)
        source.send(1)
        rig.device.runUntilIdle()
        #expect(try rig.storedFixes().count == 1)
    }
}
