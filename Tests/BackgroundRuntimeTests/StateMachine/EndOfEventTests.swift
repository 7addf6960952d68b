@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Foundation
import Testing

/// The work at the end of every event is proportional to the change: the stored form of the
/// background sessions is built again, and the next fetch's floor worked out again, only after
/// an event that touched what they depend on — not after a tick, a callback or an activity.
@Suite("The end of an event")
struct EndOfEventTests {
    @Test func eventsThatTouchNoSessionBuildNoStoredForm() {
        var rig = MachineRig()
        rig.feed { $0.launch(reason: .user, at: $1) }
        rig.feed { $0.makeBackgroundSession(BackgroundSessionConfiguration(identifier: "downloads"), ofLaunch: 1, at: $1) }
        let task = rig.ask { $0.addDownloadTask(session: "downloads", url: "http://127.0.0.1/a", ofLaunch: 1, at: $1) }
        #expect(rig.effects.map(\.description).contains("saveSessions([\(task ?? 0)])"))
        let builds = rig.machine.urlSessions.storedFormBuilds

        let token = rig.ask { $0.beginActivity(BackgroundActivity(kind: .event, name: "tick"), at: $1) }
        #expect(rig.ask { $0.post(whileSuspended: .hold, .serviceEvent(1, endingActivity: nil), at: $1) })
        rig.feed { $0.endActivity(token, at: $1) }
        _ = rig.pressHome()
        #expect(rig.machine.urlSessions.storedFormBuilds == builds, "nothing of the sessions changed")

        #expect(rig.ask { $0.endTransfer(.finished(task: task ?? 0, location: "/tmp/a"), at: $1) })
        #expect(rig.machine.urlSessions.storedFormBuilds == builds + 1)
        #expect(rig.effects.map(\.description).contains("saveSessions([])"), "handed to the app, the transfer is forgotten")
    }

    @Test func theNextFetchIsWorkedOutOnlyAfterAChangeOfFetchOrConditions() {
        var rig = MachineRig(modes: [.fetch])
        rig.feed { $0.launch(reason: .user, at: $1) }
        let announced = rig.feed { $0.setBackgroundFetchInterval(.minimum, at: $1) }
        #expect(announced.contains { $0.hasPrefix("fetchSchedule(") && $0 != "fetchSchedule(none)" })
        let computations = rig.machine.fetchFloorComputations

        let token = rig.ask { $0.beginActivity(BackgroundActivity(kind: .event, name: "tick"), at: $1) }
        let quiet = rig.feed { $0.endActivity(token, at: $1) }
        #expect(rig.machine.fetchFloorComputations == computations, "nothing fetch depends on changed")
        #expect(!quiet.contains { $0.hasPrefix("fetchSchedule(") })

        rig.feed { $0.setBackgroundFetchInterval(.interval(.seconds(3600)), at: $1) }
        #expect(rig.machine.fetchFloorComputations == computations + 1)
        #expect(rig.effects.contains(.announceFetchSchedule(Device.manualEpoch.addingTimeInterval(3600))))

        rig.feed { $0.setCondition(\.isBackgroundAppRefreshEnabled, to: false, "Background App Refresh: off", at: $1) }
        #expect(rig.machine.fetchFloorComputations == computations + 2)
        #expect(rig.effects.contains(.announceFetchSchedule(nil)), "the switch is a condition fetch depends on")
    }

    /// Once the floor has passed, the date is now's: an event that changes nothing of fetch
    /// still announces it, as before the floor was kept.
    @Test func aPassedFloorIsAnnouncedAtNowWithoutWorkingItOutAgain() {
        var rig = MachineRig(modes: [.fetch])
        rig.feed { $0.launch(reason: .user, at: $1) }
        rig.feed { $0.setBackgroundFetchInterval(.minimum, at: $1) }
        let computations = rig.machine.fetchFloorComputations
        rig.now = .seconds(5000)
        let token = rig.ask { $0.beginActivity(BackgroundActivity(kind: .event, name: "tick"), at: $1) }
        #expect(rig.effects.contains(.announceFetchSchedule(Device.manualEpoch.addingTimeInterval(5000))))
        #expect(rig.machine.fetchFloorComputations == computations)
        rig.feed { $0.endActivity(token, at: $1) }
        #expect(!rig.effects.map(\.description).contains { $0.hasPrefix("fetchSchedule(") }, "now has not moved")
    }
}
