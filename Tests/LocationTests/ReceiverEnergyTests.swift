import BackgroundRuntime
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import TestSupport
import Testing

/// The location receiver's time in the device's energy accounts.
@Suite("The location receiver's energy", .temporaryDirectory)
struct ReceiverEnergyTests {
    @Test func theReceiverCountsItsTimeAtTheAccuracyAskedForInEachState() throws {
        let rig = LocationRig(modes: [.location])
        try rig.launchAndSwitchOn()
        rig.device.advance(by: .seconds(5))
        rig.device.pressHome()
        rig.device.advance(by: .seconds(10))
        let launch = try #require(rig.device.energy.status().launch)
        let foreground = try #require(launch.byState[.foreground]?.locationSeconds.values.reduce(0, +))
        #expect(foreground >= 5 && foreground <= 6)
        #expect(launch.byState[.background]?.locationSeconds.count == 1)
        #expect(launch.byState[.background]?.locationSeconds.values.first == 10)
        #expect(rig.device.energy.status().overhead > 0)
    }

    @Test func aSuspendedAppWithoutTheModeCostsNoReceiverTime() throws {
        let rig = LocationRig(modes: [])
        try rig.launchAndSwitchOn()
        rig.device.pressHome()
        rig.device.advance(by: .seconds(60))
        let launch = try #require(rig.device.energy.status().launch)
        #expect(launch.byState[.suspended]?.locationSeconds.isEmpty == true)
    }
}
