import BackgroundRuntime
import Testing

@Suite("The fetch scheduler's model")
struct FetchSchedulerTests {
    private let minute = Duration.seconds(60)
    private let hour = Duration.seconds(3600)

    @Test func neverMeansNoFetch() {
        var scheduler = FetchScheduler()
        scheduler.recordRequest(at: .zero)
        #expect(scheduler.planFetch(now: .zero, interval: .never) == nil)
        #expect(scheduler.spacing(for: .never) == nil)
    }

    @Test func theSystemFloorIsTenMinutesWhateverTheAppAsks() {
        let scheduler = FetchScheduler()
        #expect(scheduler.spacing(for: .minimum) == minute * 10)
        #expect(scheduler.spacing(for: .interval(.seconds(5))) == minute * 10)
        #expect(scheduler.spacing(for: .interval(hour)) == hour)
    }

    @Test func aFetchIsNeverPlannedBeforeTheIntervalHasPassed() {
        for seed in UInt64(0)..<50 {
            var scheduler = FetchScheduler(seed: seed)
            scheduler.recordRequest(at: .zero)
            scheduler.recordFetchBegan(at: hour)
            let planned = scheduler.planFetch(now: hour, interval: .interval(hour * 2))!
            #expect(planned >= hour * 3)
            #expect(planned < hour * 3 + hour / 2)
        }
    }

    @Test func unproductiveFetchesDoubleTheSpacingUpToSixtyFourTimes() {
        var scheduler = FetchScheduler()
        var spacings: [Duration] = []
        for _ in 0..<8 {
            scheduler.recordFetchEnded(after: .seconds(1), result: .noData)
            spacings.append(scheduler.spacing(for: .minimum)!)
        }
        #expect(spacings.map { $0 / (minute * 10) } == [2, 4, 8, 16, 32, 64, 64, 64])
        scheduler.recordFetchEnded(after: .seconds(1), result: .newData)
        #expect(scheduler.streak == 0)
        #expect(scheduler.spacing(for: .minimum) == minute * 10)
    }

    @Test func failedAndLongFetchesCountAsUnproductive() {
        var scheduler = FetchScheduler()
        scheduler.recordFetchEnded(after: .seconds(1), result: .failed)
        #expect(scheduler.streak == 1)
        scheduler.recordFetchEnded(after: .seconds(11), result: .newData)
        #expect(scheduler.streak == 2)
        scheduler.recordFetchEnded(after: .seconds(10), result: .newData)
        #expect(scheduler.streak == 0)
    }

    @Test func withoutHabitsTheFetchComesWithinAQuarterSpacingAfterTheFloor() {
        var scheduler = FetchScheduler(seed: 7)
        scheduler.recordRequest(at: .zero)
        for _ in 0..<100 {
            let planned = scheduler.planFetch(now: .zero, interval: .minimum)!
            #expect(planned >= minute * 10 && planned < minute * 10 + minute * 10 / 4)
        }
    }

    @Test func withAHabitTheFetchComesFiveToFifteenMinutesBeforeIt() {
        var scheduler = FetchScheduler(seed: 3)
        let day = UsageModel.day
        // Opened at 9:00 on two days.
        scheduler.recordOpen(at: hour * 9)
        scheduler.recordOpen(at: day + hour * 9)
        scheduler.recordRequest(at: day + hour * 10)
        for step in 0..<40 {
            let now = day + hour * 10 + minute * (step * 37)
            let planned = scheduler.choose(noEarlierThan: now, spread: minute * 2)
            let nextOpen = now < day + hour * 9 ? day + hour * 9 : (now < day * 2 + hour * 9 ? day * 2 + hour * 9 : day * 3 + hour * 9)
            #expect(planned <= nextOpen - minute * 5)
            #expect(planned >= nextOpen - minute * 15)
        }
    }

    @Test func aFloorInsideTheLeadFetchesAtTheFloor() {
        var scheduler = FetchScheduler()
        scheduler.recordOpen(at: hour * 9)
        let floor = UsageModel.day + hour * 9 - minute * 2
        #expect(scheduler.choose(noEarlierThan: floor, spread: .zero) == floor)
    }

    @Test func rareOpensAreNotHabitsAndOldHabitsFade() {
        var usage = UsageModel()
        for day in 0..<5 { usage.recordOpen(at: UsageModel.day * day + .seconds(9 * 3600)) }
        usage.recordOpen(at: UsageModel.day * 4 + .seconds(15 * 3600))
        #expect(usage.habits == [36])
        // Ten days of opens at 18:00 only: 9:00 fades away.
        for day in 5..<15 { usage.recordOpen(at: UsageModel.day * day + .seconds(18 * 3600)) }
        #expect(usage.habits == [72])
        #expect(usage.weights.count == UsageModel.slotCount)
    }

    @Test func theSameSeedAndEventsGiveTheSameTimes() {
        func plans(seed: UInt64) -> [Duration] {
            var scheduler = FetchScheduler(seed: seed, wallClockAtBoot: 1_362_713_471)
            scheduler.recordRequest(at: .zero)
            var now = Duration.zero
            var result: [Duration] = []
            for index in 0..<50 {
                if index % 7 == 0 { scheduler.recordOpen(at: now) }
                now = scheduler.planFetch(now: now, interval: .minimum)!
                scheduler.recordFetchBegan(at: now)
                scheduler.recordFetchEnded(after: .seconds(2), result: index % 3 == 0 ? .noData : .newData)
                result.append(now)
            }
            return result
        }
        #expect(plans(seed: 42) == plans(seed: 42))
        #expect(plans(seed: 42) != plans(seed: 43))
    }
}
