@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation
import TestSupport
import Testing
import TheBackgrounder

/// An idle device is silent (issue 43): with TheBackgrounder suspended and every tab idle, the
/// system's only timer is the background fetch it planned (the Fetch tab asks for fetches), at
/// least the system's ten-minute floor away; the device's timer thread (`system-timers`) sleeps
/// until then and wakes for nothing else.
@Suite("An idle device", .temporaryDirectory)
struct IdleDeviceTests {
    @Test func aSuspendedAppWithEveryTabIdleLeavesOnlyThePlannedFetchOnTheLoop() async throws {
        let backgrounder = try makeBackgrounder()
        #expect(await backgrounder.execute("home") == .done)
        backgrounder.testDevice.runUntilIdle()
        let device = backgrounder.device
        #expect(device.appState == .suspended)
        #expect(device.loop.pendingTimers == 1, "a timer would wake the idle system when it falls due")
        #expect(device.read { $0.fetch.plan } != nil, "the one timer is the planned background fetch")
        #expect(try #require(device.loop.nextDeadline) - device.now >= FetchScheduler.systemFloor)
    }
}
