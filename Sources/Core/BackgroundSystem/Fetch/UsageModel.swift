import BackgroundWire
import Foundation

/// When in the day the user opens the app: the usage half of ``FetchScheduler``'s model
/// (described there).
///
/// The day is cut into 96 slots of 15 minutes. Each open adds 1 to its slot, after every
/// slot's weight has decayed by ``dailyDecay`` per day since the last open; a slot is a habit
/// when its weight is at least ``habitWeight`` (about two opens within three days) and at least
/// ``habitShare`` of the heaviest slot's. Memory is the 96 weights, whatever the number of opens.
public struct UsageModel: Sendable, Equatable {
    /// The slots of a day.
    public static let slotCount = 96
    /// The length of a slot.
    public static let slotLength: Duration = .seconds(900)
    /// The length of a day.
    public static let day: Duration = .seconds(86_400)
    /// What remains of an open's weight after a day.
    public static let dailyDecay = 0.8
    /// The weight that makes a slot a habit.
    public static let habitWeight = 1.5
    /// The share of the heaviest slot's weight that a habit needs too.
    public static let habitShare = 0.5

    /// The weight of each slot, from midnight (UTC of the device's wall clock).
    public private(set) var weights = [Double](repeating: 0, count: slotCount)
    /// The wall-clock seconds since 1970 at device time zero, to find the time of day.
    let wallClockAtBoot: Double
    /// The device time of the latest open, if the app was opened since the system started.
    public private(set) var lastOpen: Duration?

    public init(wallClockAtBoot: Double = 0) {
        self.wallClockAtBoot = wallClockAtBoot
    }

    /// Learns from an open of the app at device time `time`.
    public mutating func recordOpen(at time: Duration) {
        if let lastOpen, time > lastOpen {
            let factor = pow(Self.dailyDecay, (time - lastOpen) / Self.day)
            for index in weights.indices { weights[index] *= factor }
        }
        lastOpen = max(lastOpen ?? time, time)
        weights[slot(of: time)] += 1
    }

    /// The habitual slots, earliest in the day first; empty until the same slot was used twice
    /// recently.
    public var habits: [Int] {
        let heaviest = weights.max() ?? 0
        return weights.indices.filter { weights[$0] >= max(Self.habitWeight, heaviest * Self.habitShare) }
    }

    /// The slot that device time `time` falls in.
    public func slot(of time: Duration) -> Int {
        Int(timeOfDay(time) / Self.slotLength) % Self.slotCount
    }

    /// The device time of the last midnight at or before `time`.
    public func startOfDay(containing time: Duration) -> Duration {
        time - timeOfDay(time)
    }

    /// How far into its day `time` is.
    func timeOfDay(_ time: Duration) -> Duration {
        let seconds = (wallClockAtBoot + time.seconds).truncatingRemainder(dividingBy: 86_400)
        return .milliseconds(Int64(((seconds < 0 ? seconds + 86_400 : seconds) * 1000).rounded(.down)))
    }
}
