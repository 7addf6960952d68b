/// A time as a rational number of seconds, `value / timescale` (CoreMedia's `CMTime`, which
/// AVFoundation brings with it on iOS). The players' times and intervals are `CMTime`s; here
/// they convert to and from the Audio module's `Duration`s, in nanoseconds.
public struct CMTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var value: CMTimeValue
    public var timescale: CMTimeScale
    public var flags: CMTimeFlags
    public var epoch: CMTimeEpoch

    public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
        self.value = value
        self.timescale = timescale
        self.flags = flags
        self.epoch = epoch
    }

    /// `value / timescale` seconds; a timescale of zero or less makes an invalid time.
    public init(value: CMTimeValue, timescale: CMTimeScale) {
        self.init(value: value, timescale: timescale, flags: timescale > 0 ? .valid : [], epoch: 0)
    }

    /// `seconds` rounded to the nearest multiple of `1 / preferredTimescale`.
    public init(seconds: Double, preferredTimescale: CMTimeScale) {
        guard seconds.isFinite, preferredTimescale > 0 else {
            self = seconds.isNaN || preferredTimescale <= 0 ? .invalid : seconds > 0 ? .positiveInfinity : .negativeInfinity
            return
        }
        let scaled = (seconds * Double(preferredTimescale)).rounded()
        self.init(value: CMTimeValue(scaled), timescale: preferredTimescale)
        if scaled != seconds * Double(preferredTimescale) { flags.insert(.hasBeenRounded) }
    }

    /// Zero seconds (`kCMTimeZero`).
    public static let zero = CMTime(value: 0, timescale: 1)
    /// No time (`kCMTimeInvalid`).
    public static let invalid = CMTime(value: 0, timescale: 0, flags: [], epoch: 0)
    /// An unknown time, such as the duration of an item not yet opened (`kCMTimeIndefinite`).
    public static let indefinite = CMTime(value: 0, timescale: 0, flags: [.valid, .indefinite], epoch: 0)
    public static let positiveInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .positiveInfinity], epoch: 0)
    public static let negativeInfinity = CMTime(value: 0, timescale: 0, flags: [.valid, .negativeInfinity], epoch: 0)

    public var isValid: Bool { flags.contains(.valid) }
    public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }
    public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }
    public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }
    /// Valid and neither infinite nor indefinite.
    public var isNumeric: Bool { isValid && flags.isDisjoint(with: [.indefinite, .positiveInfinity, .negativeInfinity]) }

    /// The time in seconds; NaN when it is not numeric, ±infinity when infinite.
    public var seconds: Double {
        if isPositiveInfinity { return .infinity }
        if isNegativeInfinity { return -.infinity }
        guard isNumeric else { return .nan }
        return Double(value) / Double(timescale)
    }

    /// Compares as `CMTimeCompare` does: invalid times are equal to each other and less than
    /// any valid one; numeric times by their value.
    public static func < (lhs: CMTime, rhs: CMTime) -> Bool { lhs.order < rhs.order }

    public static func == (lhs: CMTime, rhs: CMTime) -> Bool { lhs.order == rhs.order }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(order)
    }

    public var description: String {
        isNumeric ? "CMTime(\(value)/\(timescale) = \(seconds) s)" : "CMTime(\(flags.rawValue))"
    }

    /// Invalid, then −∞, numeric times (as exact fractions of nanoseconds), indefinite, +∞.
    private var order: Order {
        if !isValid { return .invalid }
        if isNegativeInfinity { return .negativeInfinity }
        if isIndefinite { return .indefinite }
        if isPositiveInfinity { return .positiveInfinity }
        return .numeric(duration)
    }

    private enum Order: Hashable, Comparable {
        case invalid, negativeInfinity, numeric(Duration), indefinite, positiveInfinity
    }
}

/// The numerator of a ``CMTime``.
public typealias CMTimeValue = Int64
/// The denominator of a ``CMTime``: its units per second.
public typealias CMTimeScale = Int32
/// The epoch of a ``CMTime``, which tells apart loops of the same timeline.
public typealias CMTimeEpoch = Int64
