import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import Synchronization
import TestSupport
import Testing

/// Fixes that arrive faster than the app takes them reach it together, in order, as iOS's
/// `didUpdateLocations` array does; a busy app's backlog is bounded. The service pushes them in
/// batches within the client's credit: at most ``window`` batches wait for an app that takes
/// none in.
@Suite("Location deliveries", .temporaryDirectory)
struct DeliveryTests {
    /// The batches the service sends before the app takes any in.
    private let window = ServiceHost<LocationMessages>.window

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

    @Test func aFixThatComesAsHomeTakesTheAppOffScreenReachesItInTheBackgroundWithItsLine() throws {
        let (rig, source) = burstRig(inBackground: false)
        source.send(1)
        rig.device.observers.observeStateChanges { change in
            if change.to == .background { source.send(1, from: 1) }
        }
        rig.device.pressHome()
        rig.device.runUntilIdle()
        #expect(try rig.storedFixes().map(\.coordinate.latitude) == [37, 37.00001])
        #expect(rig.backgroundedLines.count == 1)
        #expect(rig.backgroundedLines.first?.contains("<+37.00001000,") == true)
    }

    @Test func fixesThatArriveWhileTheWindowIsFullComeInOneCallInOrder() throws {
        let (rig, source) = burstRig()
        let jobsBefore = rig.device.executor.jobsStarted
        source.send(window + 3)
        rig.device.runUntilIdle()
        // A batch a fix while the window had room, then the three that waited, together.
        #expect(rig.device.executor.jobsStarted - jobsBefore == window + 1)
        let stored = try rig.storedFixes()
        #expect(stored.map(\.timestamp) == (0..<window + 3).map { Date(timeIntervalSince1970: Double($0)) })
        #expect(rig.backgroundedLines.count == window + 3)
        #expect(rig.snapshot?.storedCount == window + 3)
    }

    @Test func aClientThatTakesNothingInGetsAtMostTheWindowAndTheRestWaitsForItsCredit() throws {
        let (rig, source) = burstRig()
        let id = try #require(rig.screen { $0.manager.id })
        let pending = rig.device.executor.pendingJobs
        for index in 0..<10 { source.send(1, from: index) }
        #expect(rig.device.executor.pendingJobs == pending + window)
        #expect(rig.service.state.withLock { $0.mailboxes[id]?.fixCount } == 10 - window)
        // The app takes them in: its credit brings the rest, in order, once each.
        rig.device.runUntilIdle()
        #expect(rig.device.executor.pendingJobs == 0)
        #expect(try rig.storedFixes().map(\.timestamp) == (0..<10).map { Date(timeIntervalSince1970: Double($0)) })
        #expect(rig.service.state.withLock { $0.mailboxes[id]?.isEmpty } == true)
    }

    @Test func anAppThatTakesNothingInKeepsOnlyTheNewestFixesUpToTheLimitBesideTheWindow() throws {
        let (rig, source) = burstRig()
        source.send(LocationMessages.undeliveredLimit + 500)
        rig.device.runUntilIdle()
        let stored = try rig.storedFixes()
        // The window's batches left first; of what waited, only the newest were kept.
        #expect(stored.count == window + LocationMessages.undeliveredLimit)
        #expect(stored.prefix(window).map(\.timestamp) == (0..<window).map { Date(timeIntervalSince1970: Double($0)) })
        #expect(stored.dropFirst(window).first?.timestamp == Date(timeIntervalSince1970: 500))
        #expect(stored.last?.timestamp == Date(timeIntervalSince1970: Double(LocationMessages.undeliveredLimit + 499)))
    }

    @Test func fixesFromAnotherThreadReachTheDelegateInOrderOnceEachWhileTheAppTakesThemIn() async throws {
        let (rig, source) = burstRig()
        let total = 3_000
        let sent = Mutex(false)
        // A thread of its own, as a receiver's: not one of the pool the tests share.
        Thread {
            for index in 0..<total { source.send(1, from: index) }
            sent.withLock { $0 = true }
        }.start()
        // The app takes batches in, and gives credit back, while the source's thread sends more.
        _ = await waitUntil {
            rig.device.runUntilIdle()
            return sent.withLock { $0 } && rig.snapshot?.storedCount == total
        }
        let stored = try rig.storedFixes().map { Int($0.timestamp.timeIntervalSince1970) }
        #expect(stored.count == total)
        let firstOutOfPlace = zip(stored, 0...).first { $0 != $1 }
        #expect(firstOutOfPlace == nil, "fix \(firstOutOfPlace?.0 ?? -1) came in place \(firstOutOfPlace?.1 ?? -1)")
    }

    @Test func aSourceThatFloodsIsHeldUntilTheAppHasCaughtUp() throws {
        let (rig, source) = burstRig()
        // The window's batches are on their way; what waits beyond them in the service counts.
        source.send(window + LocationService.holdThreshold - 1)
        #expect(source.holds.isEmpty)
        source.send(1, from: window + LocationService.holdThreshold - 1)
        #expect(source.holds == [true])
        rig.device.runUntilIdle()
        #expect(source.holds == [true, false])
        #expect(try rig.storedFixes().count == window + LocationService.holdThreshold)
    }

    @Test func aHeldSourceIsReleasedWhenTheAppEnds() {
        let (rig, source) = burstRig()
        source.send(window + LocationService.holdThreshold)
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
