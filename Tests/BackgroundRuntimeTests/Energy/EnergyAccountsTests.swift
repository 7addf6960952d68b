import BackgroundRuntime
import Foundation
import Testing

@Suite("Energy accounts by launch and state")
struct EnergyAccountsTests {
    @Test func eachStateGetsItsOwnTimeCPUNetworkAndReceiverTime() throws {
        let device = makeWorkerDevice()
        device.launch()
        device.usage.spendAppCPU(2)
        device.advance(by: .seconds(10))
        device.withWorker { $0.begin() }
        device.pressHome()
        let receiver = device.energy.beginUsing(.location(accuracy: "best"))
        device.energy.recordNetwork(bytes: 4_000_000)
        device.usage.spendAppCPU(1)
        device.advance(by: .seconds(20))
        device.energy.endUsing(receiver)
        device.withWorker { $0.end() }
        device.advance(by: .seconds(30))
        let launch = try #require(device.energy.status().launch)
        let foreground = try #require(launch.byState[.foreground])
        let background = try #require(launch.byState[.background])
        let suspended = try #require(launch.byState[.suspended])
        #expect(foreground.seconds == 10)
        #expect(foreground.cpuSeconds == 2)
        #expect(background.seconds == 20)
        #expect(background.cpuSeconds == 1)
        #expect(background.networkBytes == 4_000_000)
        #expect(background.radioWakes == 1)
        #expect(background.locationSeconds == ["best": 20])
        #expect(suspended.seconds == 30)
        #expect(suspended.cpuSeconds == 0)
        #expect(suspended.locationSeconds.isEmpty)
    }

    @Test func theGaugeReadsTheLastHalfMinute() {
        let device = makeWorkerDevice()
        device.launch()
        #expect(device.energy.status().impact == .low)
        device.usage.spendAppCPU(30)
        device.advance(by: .seconds(30))
        #expect(device.energy.status().impact == .veryHigh)
        device.usage.spendAppCPU(9)
        device.advance(by: .seconds(30))
        #expect(device.energy.status().impact == .high, "0.3 of a CPU")
        device.advance(by: .seconds(30))
        #expect(device.energy.status().impact == .low)
    }

    @Test func theTimelineCoversTheLastMinutesInFiveSecondSteps() {
        let device = makeWorkerDevice()
        device.launch()
        device.advance(by: .seconds(12))
        device.usage.spendAppCPU(4)
        device.advance(by: .seconds(1))
        let timeline = device.energy.timeline(seconds: 60)
        #expect(timeline.map(\.time) == [0, 5, 10], "no earlier than the boot")
        #expect(timeline.allSatisfy { $0.state == .foreground })
        #expect(timeline.map(\.counters.seconds) == [5, 5, 3])
    }

    @Test func aLongStretchBetweenReadingsIsSpreadOverItsBucketsInItsState() throws {
        let device = makeWorkerDevice()
        device.launch()
        _ = device.energy.status()
        // Forty seconds on screen with no reading of the kernel, then one: the CPU it counts is
        // spread evenly, not lumped into the bucket of the reading.
        device.advance(by: .seconds(40))
        device.usage.spendAppCPU(8)
        device.usage.wake(81)
        let timeline = device.energy.timeline(seconds: 300)
        #expect(timeline.count == 9, "0 to 40 s in five-second buckets")
        let counted = timeline.prefix(8)
        #expect(counted.allSatisfy { $0.state == .foreground && abs($0.counters.cpuSeconds - 1) < 1e-9 })
        #expect(counted.map(\.counters.wakeUps).reduce(0, +) == 81, "whole counts still add up")
        #expect(timeline.last?.state == .foreground, "the bucket now is in the state the app is in")
    }

    @Test func endedLaunchesAreSavedAndACutLineIsSkippedWithItsNumber() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("energy-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        func boot() -> TestDevice {
            TestDevice(infoPlist: InfoPlist(), storageDirectory: directory) { WorkerDelegate(application: $0, log: AppLog()) }
        }
        let first = boot()
        first.launch()
        first.terminate()
        first.shutdown()
        // A kill in the middle of a write leaves half a line; the next run's line follows it.
        let log = EnergyLog(directory: directory)
        let handle = try FileHandle(forWritingTo: log.fileURL)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"number\":2,\"rea".utf8))
        try handle.close()
        let second = boot()
        second.launch()
        second.crash("EXC_BAD_ACCESS (SIGSEGV)")
        second.shutdown()
        let (launches, unreadable) = try log.read()
        #expect(launches.map(\.exit) == [.normal, .abnormal])
        #expect(unreadable == ["line 2: The given data was not valid JSON."])
    }

    @Test func countersSavedBeforeTheSystemsWakeUpsWereCountedAreRead() throws {
        var counters = EnergyCounters()
        counters.seconds = 12
        counters.wakeUps = 30
        counters.systemWakeUps = 7
        let saved = try JSONSerialization.jsonObject(with: JSONEncoder().encode(counters)) as? [String: Any]
        var old = try #require(saved)
        #expect(old.removeValue(forKey: "systemWakeUps") as? Int == 7)
        let read = try JSONDecoder().decode(EnergyCounters.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(read.wakeUps == 30)
        #expect(read.systemWakeUps == 0)
        #expect(read.seconds == 12)
    }
}
