import BackgroundRuntime
import BackgroundRuntimeTesting
import CoreLocation
import Synchronization
import Testing

/// Before iOS 17 there is no `CLMonitor`, `CLLocationUpdate.liveUpdates()` or
/// `CLBackgroundActivitySession`: using them is reported as `[unavailable-api]`, and they do
/// nothing, without crashing the app.
@Suite struct UnavailableLocationAPITests {
    private func launch() -> TestDevice {
        let infoPlist = InfoPlist(bundleName: "Spelled", bundleIdentifier: "com.example.spelled", backgroundModes: [.location])
        let device = TestDevice(profile: PolicyProfile(iOS: 16)!, infoPlist: infoPlist) { _ in QuietApp() }
        device.launch()
        return device
    }

    private func reported(_ text: String, on device: TestDevice) -> Bool {
        device.consoleLines(containing: "Diagnostic [unavailable-api]: \(text)").count == 1 && device.appState.isRunning
    }

    @Test func aMonitorWatchesNothing() {
        let device = launch()
        let heard = Mutex<[String]>([])
        device.perform { application in
            application.task {
                let monitor = await CLMonitor("Places")
                await monitor.add(
                    CLMonitor.CircularGeographicCondition(center: CLLocationCoordinate2D(latitude: 0, longitude: 0), radius: 400),
                    identifier: "Cafe")
                let identifiers = await monitor.identifiers
                var events = 0
                do {
                    for try await _ in await monitor.events { events += 1 }
                } catch {}
                heard.withLock { $0.append("\(monitor.name) \(identifiers) events \(events)") }
            }
        }
        device.runUntilIdle()
        #expect(heard.withLock { $0 } == ["Places [] events 0"])
        #expect(reported("CLMonitor(\"Places\") does not exist", on: device))
    }

    @Test func liveUpdatesEndAtOnce() {
        let device = launch()
        let heard = Mutex<[String]>([])
        device.perform { application in
            application.task {
                var updates = 0
                do {
                    for try await _ in CLLocationUpdate.liveUpdates() { updates += 1 }
                } catch {}
                heard.withLock { $0.append("updates \(updates)") }
            }
        }
        device.runUntilIdle()
        #expect(heard.withLock { $0 } == ["updates 0"])
        #expect(reported("CLLocationUpdate.liveUpdates() does not exist", on: device))
    }

    @Test func aBackgroundActivitySessionHoldsNothing() {
        let device = launch()
        device.perform { _ in CLBackgroundActivitySession().invalidate() }
        #expect(reported("CLBackgroundActivitySession() does not exist in iOS 16", on: device))
        #expect(device.activities.isEmpty)
    }
}

private final class QuietApp: ApplicationDelegate {}
