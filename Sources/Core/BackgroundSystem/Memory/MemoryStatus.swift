import BackgroundWire

/// What `status` shows under `memory`: the app's jetsam band and footprint, and the other apps
/// in memory.
public struct MemoryStatus: Encodable, Sendable, Equatable {
    /// The app's band: suspended, background or foreground; null while it does not run.
    @ExplicitNull public var band: JetsamBand?
    /// The app's footprint in bytes; null while unknown.
    @ExplicitNull public var footprint: Int?
    /// `measured` (the resident memory of the app's own process, `--isolation process`),
    /// `declared` (`device memory-pressure … FOOTPRINT_MB`), or null while unknown.
    @ExplicitNull public var footprintSource: String?
    /// The other apps in memory (`device resident-app`), in the order jetsam would end them.
    public var residentApps: [ResidentApp]

    /// A status of the app in `band` with `footprint` bytes (from `footprintSource`), beside
    /// `residentApps`.
    public init(band: JetsamBand?, footprint: Int?, footprintSource: String?, residentApps: [ResidentApp]) {
        self.band = band
        self.footprint = footprint
        self.footprintSource = footprintSource
        self.residentApps = residentApps
    }
}
