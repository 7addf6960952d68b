extension EnergyCounters {
    /// The part of these counts that falls between the fractions `lower` and `upper` (from 0 to
    /// 1) of their stretch, counted evenly over it; whole counts are cut so that the parts of a
    /// stretch always add up to the whole.
    package func share(from lower: Double, to upper: Double) -> EnergyCounters {
        func part(_ total: Int) -> Int {
            Int((Double(total) * upper).rounded()) - Int((Double(total) * lower).rounded())
        }
        let fraction = upper - lower
        var share = EnergyCounters()
        share.seconds = seconds * fraction
        share.cpuSeconds = cpuSeconds * fraction
        share.systemCPUSeconds = systemCPUSeconds * fraction
        share.wakeUps = part(wakeUps)
        share.systemWakeUps = part(systemWakeUps)
        share.networkBytes = part(networkBytes)
        share.radioWakes = part(radioWakes)
        share.locationSeconds = locationSeconds.mapValues { $0 * fraction }
        share.audioSeconds = audioSeconds * fraction
        return share
    }
}
