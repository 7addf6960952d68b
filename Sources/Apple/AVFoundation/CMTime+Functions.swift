// CoreMedia's C functions on CMTime, as Swift code of every era calls them.

/// `value / timescale` seconds.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime {
    CMTime(value: value, timescale: timescale)
}

/// `seconds` at `preferredTimescale`.
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: Int32) -> CMTime {
    CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The time in seconds (``CMTime/seconds``).
public func CMTimeGetSeconds(_ time: CMTime) -> Double {
    time.seconds
}

/// −1, 0 or 1 as `time1` is before, at or after `time2`.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 {
    time1 < time2 ? -1 : time1 == time2 ? 0 : 1
}
