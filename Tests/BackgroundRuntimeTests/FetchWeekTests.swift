import BackgroundRuntime
import Testing

/// A simulated week of background fetches on manual time, and what the schedule looks like.
@Suite("A week of background fetches")
struct FetchWeekTests {
    private static let day = Duration.seconds(86_400)
    private static let minute = Duration.seconds(60)

    /// Opens the app at 9:00 and 18:00 for five minutes each day for a week; returns the opens.
    private func liveAWeek(on device: TestDevice) -> [Duration] {
        var opens: [Duration] = []
        let end = device.now + Self.day * 7
        while true {
            let next = min(device.nextTime(hour: 9), device.nextTime(hour: 18))
            guard next < end else { break }
            device.advance(to: next)
            device.openApp()
            opens.append(device.now)
            device.advance(by: Self.minute * 5)
            device.pressHome()
        }
        device.advance(to: end)
        return opens
    }

    private func week(_ behavior: FetchBehavior, opens: Bool) -> (device: TestDevice, fetches: [Duration], opens: [Duration]) {
        let recorder = FetchRecorder(behavior)
        let device = makeFetchingDevice(recorder: recorder)
        device.launch()
        device.pressHome()
        let openTimes = opens ? liveAWeek(on: device) : []
        if !opens { device.advance(by: Self.day * 7) }
        #expect(recorder.entries.allSatisfy { $0.state == .background })
        return (device, device.times(of: recorder.entries), openTimes)
    }

    @Test func fetchesComeShortlyBeforeTheHabitualOpensOnceLearned() {
        let (_, fetches, opens) = week(.init(), opens: true)
        // From the third day on, the system knows both habits.
        let learned = opens.filter { $0 >= opens[0] + Self.day * 2 }
        #expect(learned.count == 10)
        for open in learned {
            let before = fetches.filter { $0 < open && $0 >= open - Self.minute * 15 }
            #expect(before.count == 1, "no fetch in the 15 minutes before the open at \(open)")
            #expect(before.allSatisfy { open - $0 >= Self.minute * 5 })
        }
        let late = fetches.filter { $0 >= learned[0] - Self.minute * 15 }
        // Nothing but those: two fetches a day, each just before an open.
        #expect(late.count == learned.count)
    }

    @Test func theFirstDayFetchesAtTheFloorUntilHabitsForm() {
        let (_, fetches, opens) = week(.init(), opens: true)
        let firstDay = fetches.filter { $0 < opens[0] }
        // From boot (03:31) to 9:00: every 10 to 12.5 minutes.
        #expect(firstDay.count >= 25 && firstDay.count <= 33)
    }

    @Test func theMinimumIntervalIsRespected() {
        for interval in [BackgroundFetchInterval.minimum, .interval(.seconds(3600)), .interval(.seconds(6 * 3600))] {
            let (device, fetches, _) = week(.init(interval: interval), opens: true)
            let spacing = device.backgroundFetch.scheduler.spacing(for: interval)!
            for (earlier, later) in zip(fetches, fetches.dropFirst()) {
                #expect(later - earlier >= spacing, "\(interval): fetches at \(earlier) and \(later)")
            }
        }
    }

    @Test func noDataFailedAndLongFetchesAreFetchedFarLessOften() {
        let productive = week(.init(), opens: false).fetches.count
        let noData = week(.init(result: .noData), opens: false).fetches.count
        let failed = week(.init(result: .failed), opens: false).fetches.count
        let long = week(.init(duration: .seconds(20)), opens: false).fetches.count
        // Every 10 to 12.5 minutes for a week...
        #expect(productive >= 7 * 24 * 60 / 13 && productive <= 7 * 24 * 60 / 10)
        // ...against a spacing that doubles up to 64 × 10 minutes.
        for count in [noData, failed, long] {
            #expect(count > 0 && count * 20 < productive)
        }
    }

    @Test func aWeekRepeatsExactly() {
        let first = week(.init(result: .noData), opens: true).fetches
        let second = week(.init(result: .noData), opens: true).fetches
        #expect(first == second)
        #expect(!first.isEmpty)
    }
}
