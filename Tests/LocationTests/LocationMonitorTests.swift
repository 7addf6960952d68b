import BackgroundRuntime
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// `LocationMonitor` (CLMonitor, iOS 17) on manual time: a walk north at 10 m/s through a circle
/// of 400 m around the point 1 km on, for an app without the `location` mode.
@Suite("Location monitors", .temporaryDirectory)
struct LocationMonitorTests {
    static let cafe = CircularGeographicCondition(center: TrackFixtures.north(1_000), radius: 400)

    /// A rig on iOS 17 launched on the walk.
    private func walkRig(answer: LocationAuthorization = .always) throws -> LocationRig {
        let rig = LocationRig(modes: [], iOS: 17, answer: answer)
        rig.device.launch()
        rig.simulate(try TrackFixtures.track(TrackFixtures.gpx(count: 1_300)))
        return rig
    }

    /// Opens the monitor "Places" in an app task, adds the café unless `adding` is false, and
    /// records its events into `events`.
    private func openPlaces(_ rig: LocationRig, adding: Bool = true, into events: MonitorEvents) {
        rig.device.perform { application in
            application.task {
                do throws(LocationError) {
                    let monitor = try LocationMonitor(named: "Places", application: application)
                    if adding { try monitor.add(Self.cafe, identifier: "Cafe") }
                    for await event in monitor.events { events.append(event) }
                } catch {
                    Issue.record("the monitor failed: \(error)")
                }
            }
        }
    }

    @Test func aCircularConditionOfTheLocationMonitorIsSatisfiedOnEntryAndUnsatisfiedOnExit() throws {
        let rig = try walkRig()
        let events = MonitorEvents()
        openPlaces(rig, into: events)
        #expect(rig.lines(containing: "Monitor Places watches Cafe: 400 m around").count == 1)
        // In by 200 m at 800 m (t = 80 s), reported 20 s later.
        rig.device.advance(by: .seconds(95))
        #expect(events.states.isEmpty)
        rig.device.advance(by: .seconds(15))
        #expect(events.states == ["Cafe satisfied"])
        // Out by 200 m at 1600 m (t = 160 s), reported 20 s later.
        rig.device.advance(by: .seconds(80))
        #expect(events.states == ["Cafe satisfied", "Cafe unsatisfied"])
    }

    @Test func aTerminatedAppIsLaunchedAndTheEventWaitsForTheMonitorOfItsName() throws {
        let rig = try walkRig()
        let first = MonitorEvents()
        openPlaces(rig, into: first)
        rig.device.terminate()
        rig.device.advance(by: .seconds(110))
        #expect(rig.device.launchCount == 2)
        #expect(rig.device.launchReason == .location)
        #expect(rig.lines(containing: "in the background (location): condition Cafe of monitor Places is satisfied").count == 1)
        #expect(first.states.isEmpty)
        // The relaunched app opens the monitor again: the condition is still there, and the event comes.
        let second = MonitorEvents()
        rig.device.openApp()
        openPlaces(rig, adding: false, into: second)
        #expect(second.states == ["Cafe satisfied"])
        // Removed, the condition brings nothing more.
        rig.device.perform { application in try? LocationMonitor(named: "Places", application: application).remove("Cafe") }
        rig.device.advance(by: .seconds(60))
        #expect(second.states == ["Cafe satisfied"])
    }

    @Test func withWhenInUseConditionsBringNothing() throws {
        let rig = try walkRig(answer: .whenInUse)
        let events = MonitorEvents()
        openPlaces(rig, into: events)
        rig.device.advance(by: .seconds(200))
        #expect(events.states.isEmpty)
    }

    @Test func beforeIOS17ThereIsNoMonitor() {
        let rig = LocationRig(iOS: 16)
        rig.device.launch()
        let thrown = rig.device.perform { application -> LocationError? in
            do throws(LocationError) {
                _ = try LocationMonitor(named: "Places", application: application)
                return nil
            } catch {
                return error
            }
        }
        #expect(thrown == .some(.unavailable("CLMonitor came with iOS 17; this is iOS 16")))
    }
}
