import BackgroundCommands
import BackgroundRuntime
import Foundation
import TestSupport
import Testing
@testable import TheBackgrounder

/// The `device …` commands a script reads back from `status`'s `device` object: the battery,
/// and a restart before the first unlock.
@Suite("Device conditions from the command line", .temporaryDirectory)
struct DeviceConditionCommandTests {
    @Test func statusShowsWhatTheDeviceCommandsSet() async throws {
        let backgrounder = try makeBackgrounder(iOS: 13)
        for line in [
            "device power external", "device battery 15%", "device low-power on", "device thermal fair",
            "device network offline", "device background-refresh off", "device background-refresh-app off", "device focus on",
            "device lock",
        ] {
            #expect(await backgrounder.execute(line) == .done, "\(line)")
        }
        let set = try await device(of: backgrounder)
        #expect(set.keys.sorted() == [
            "backgroundAppRefresh", "backgroundAppRefreshForApp", "batteryLevel", "focus", "locked", "lowPowerMode", "network",
            "power", "thermalState", "unlockedSinceBoot",
        ])
        #expect(set["backgroundAppRefreshForApp"] as? String == "off")
        #expect(set["focus"] as? Bool == true)
        #expect(set["power"] as? String == "external")
        #expect(set["batteryLevel"] as? Int == 15)
        #expect(set["lowPowerMode"] as? Bool == true)
        #expect(set["thermalState"] as? String == "fair")
        #expect(set["network"] as? String == "offline")
        #expect(set["backgroundAppRefresh"] as? String == "off")
        #expect(set["locked"] as? Bool == true)
        #expect(set["unlockedSinceBoot"] as? Bool == true)

        #expect(await backgrounder.execute("device reboot") == .done)
        #expect(try state(in: await backgrounder.execute("status")) == "notRunning")
        let rebooted = try await device(of: backgrounder)
        #expect(rebooted["locked"] as? Bool == true)
        #expect(rebooted["unlockedSinceBoot"] as? Bool == false)
        #expect(try await status(of: backgrounder)["protectedDataAvailable"] as? Bool == false)
        #expect(await backgrounder.execute("device unlock") == .done)
        #expect(try await device(of: backgrounder)["unlockedSinceBoot"] as? Bool == true)
    }

    @Test func aBatteryLevelOutsideZeroToAHundredIsRefusedByName() async throws {
        let backgrounder = try makeBackgrounder()
        for word in ["101", "-1", "full", "15.5", "%"] {
            #expect(await backgrounder.execute("device battery \(word)")
                == .failed(.invalidArgument(#"device battery: "\#(word)" is not a battery level in percent from 0 to 100"#)))
        }
        #expect(await backgrounder.execute("device battery") == .failed(.usage("device battery PERCENT")))
        #expect(await backgrounder.execute("device battery 0") == .done)
        #expect(backgrounder.device.conditions.current.batteryLevel == 0)
    }

    @Test func prewarmMemoryPressureAndTheScheduledSummaryAreCommandsThatSayWhatWasWrong() async throws {
        let old = try makeBackgrounder(iOS: 14)
        #expect(await old.execute("device prewarm") == .failed(.invalidArgument("device prewarm: prewarming came with iOS 15; this is iOS 14")))
        #expect(await old.execute("notification scheduled-summary on")
            == .failed(.invalidArgument("notification scheduled-summary: the Scheduled Summary came with iOS 15; this is iOS 14")))
        #expect(await old.execute("device memory-pressure warning 80MB 2GB")
            == .failed(.invalidArgument(#"device memory-pressure: need "2GB" is not a footprint in megabytes from 0 to 65536, e.g. 80MB"#)))
        #expect(await old.execute("device resident-app Photos asleep 150MB")
            == .failed(.invalidArgument(#"device resident-app: "asleep" is not suspended, background or foreground"#)))
        #expect(await old.execute("device memory-pressure critical lots")
            == .failed(.invalidArgument(#"device memory-pressure: "lots" is not a footprint in megabytes from 0 to 65536, e.g. 80MB"#)))
        #expect(await old.execute("device focus maybe") == .failed(.invalidArgument(#"device focus: "maybe" is not on or off"#)))

        let backgrounder = try makeBackgrounder(iOS: 17)
        #expect(await backgrounder.execute("terminate") == .done)
        #expect(await backgrounder.execute("device prewarm") == .done)
        #expect(try await status(of: backgrounder)["prewarmed"] as? Bool == true)
        #expect(await backgrounder.execute("device memory-pressure critical 80MB") == .done)
        #expect(try await status(of: backgrounder)["prewarmed"] as? Bool == false, "memory pressure reclaims the prewarmed process")
        #expect(await backgrounder.execute("device resident-app Photos suspended 150MB") == .done)
        let memory = try #require(try await status(of: backgrounder)["memory"] as? [String: Any])
        #expect((memory["residentApps"] as? [[String: Any]])?.first?["name"] as? String == "Photos")
        #expect(memory["band"] is NSNull, "the app does not run")
        #expect(await backgrounder.execute("device memory-pressure warning measured 100MB") == .done)
        let after = try #require(try await status(of: backgrounder)["memory"] as? [String: Any])
        #expect((after["residentApps"] as? [Any])?.isEmpty == true, "jetsam ended Photos")
        #expect(await backgrounder.execute("notification scheduled-summary on") == .done)
        let notifications = try #require(try await status(of: backgrounder)["screens"] as? [String: Any])["notifications"] as? [String: Any]
        #expect(notifications?["scheduledSummary"] as? Bool == true)
    }

    private func status(of backgrounder: Backgrounder) async throws -> [String: Any] {
        guard case .output(let json) = await backgrounder.execute("status") else { throw CommandError.usage("status gave no output") }
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    private func device(of backgrounder: Backgrounder) async throws -> [String: Any] {
        try #require(try await status(of: backgrounder)["device"] as? [String: Any])
    }
}
