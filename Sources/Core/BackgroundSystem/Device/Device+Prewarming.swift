import BackgroundWire

extension Device {
    /// The system prewarms the app (iOS 15 and later): its launch sequence runs up to, but not
    /// including, `UIApplicationMain`, and the next launch continues from there (rule
    /// prewarming). Returns why nothing happened — the era has no prewarming, the app runs, or
    /// it is prewarmed already — or nil when it was prewarmed.
    @discardableResult
    public func prewarm() -> String? {
        let refusal = handle { $0.prewarm(at: $1) }
        settle()
        return refusal
    }
}
