import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// The iOS 17 APIs on manual time: `LocationUpdate.liveUpdates(from:)` and
/// `BackgroundActivitySession`, and their absence before iOS 17.
@Suite("iOS 17 location APIs", .temporaryDirectory)
struct ModernLocationTests {
    /// A rig on iOS `iOS` launched on a walk north, whose manager does not set
    /// allowsBackgroundLocationUpdates: only a session keeps it receiving in the background.
    private func walkRig(iOS: Int = 17, answer: LocationAuthorization = .whenInUse) throws -> LocationRig {
        let rig = LocationRig(iOS: iOS, answer: answer)
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 600)))
        rig.screen { screen in
            screen.manager.allowsBackgroundLocationUpdates = false
            screen.setOn(true)
        }
        return rig
    }

    @Test func aBackgroundActivitySessionKeepsAWhenInUseAppReceivingInTheBackground() throws {
        // Without a session the app is suspended at once.
        let without = try walkRig()
        without.device.pressHome()
        without.device.advance(by: .seconds(10))
        #expect(without.device.appState == .suspended)
        #expect(without.backgroundedLines.isEmpty)

        let rig = try walkRig()
        #expect(rig.screen { $0.setBackgroundActivitySession(true) } == .some(nil))
        #expect(rig.snapshot?.backgroundActivitySession == true)
        #expect(rig.lines(containing: "Background activity session began: the location indicator shows").count == 1)
        rig.device.pressHome()
        rig.device.advance(by: .seconds(10))
        #expect(rig.device.appState == .background)
        #expect(rig.backgroundedLines.count == 10)
        // Ended, the indicator goes and the app is suspended.
        rig.screen { _ = $0.setBackgroundActivitySession(false) }
        #expect(rig.lines(containing: "Background activity session ended").count == 1)
        #expect(rig.device.appState == .suspended)
        #expect(rig.snapshot?.backgroundActivitySession == false)
    }

    @Test func aSessionCannotBeginInTheBackgroundOrWithoutTheMode() throws {
        let rig = try walkRig(answer: .always)
        rig.screen { $0.manager.allowsBackgroundLocationUpdates = true }
        rig.device.pressHome()
        #expect(rig.device.appState == .background)
        #expect(rig.screen { $0.setBackgroundActivitySession(true) } == .some(.notInForeground))

        let noMode = LocationRig(modes: [], iOS: 17)
        noMode.device.launch()
        let failure = noMode.screen { $0.setBackgroundActivitySession(true) }
        #expect(failure == .some(.unavailable("CLBackgroundActivitySession needs \"location\" in UIBackgroundModes, which Info.plist lacks")))
    }

    @Test func beforeIOS17TheModernAPIsAreUnavailable() throws {
        let rig = try walkRig(iOS: 16)
        #expect(rig.screen { $0.setBackgroundActivitySession(true) } == .some(.unavailable("CLBackgroundActivitySession came with iOS 17; this is iOS 16")))
        let thrown = rig.device.perform { application -> LocationError? in
            do throws(LocationError) {
                _ = try LocationUpdate.liveUpdates(application: application)
                return nil
            } catch {
                return error
            }
        }
        #expect(thrown == .some(.unavailable("CLLocationUpdate.liveUpdates() came with iOS 17; this is iOS 16")))
    }

    @Test func liveUpdatesAreAnAsyncSequenceOfFixesThatStopsWithTheLoop() throws {
        let rig = LocationRig(iOS: 17)
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 600)))
        let received = Received()
        let service = rig.service
        rig.device.perform { application in
            application.task {
                do throws(LocationError) {
                    for await update in try LocationUpdate.liveUpdates(application: application) {
                        received.append(update)
                        if received.count == 5 { break }
                    }
                } catch {
                    Issue.record("liveUpdates threw \(error)")
                }
            }
        }
        rig.device.advance(by: .seconds(10))
        let updates = received.all
        #expect(updates.count == 5)
        #expect(updates.allSatisfy { $0.location != nil && $0.problem == nil })
        // A fix a second from the walk's start, 10 m apart (GPX keeps 8 decimals).
        let distances = updates.compactMap { $0.location?.coordinate.distance(to: TrackFixtures.start) }
        #expect(zip(distances, [0.0, 10, 20, 30, 40]).allSatisfy { abs($0 - $1) < 0.01 })
        // The loop ended: the updates stopped, and the source with them.
        #expect(service.state.withLock { state in state.clients.values.contains(where: \.isUpdating) } == false)
        #expect(service.state.withLock { $0.runningInterval } == nil)
    }

    @Test func liveUpdatesEndWithTheProblemWhenDenied() throws {
        let rig = LocationRig(iOS: 17, answer: .denied)
        rig.device.launch()
        let received = Received()
        rig.device.perform { application in
            application.task {
                guard let updates = try? LocationUpdate.liveUpdates(application: application) else { return }
                for await update in updates { received.append(update) }
                received.append(LocationUpdate(location: nil))
            }
        }
        rig.device.runUntilIdle()
        #expect(received.all == [LocationUpdate(location: nil, problem: .denied), LocationUpdate(location: nil)])
    }
}
