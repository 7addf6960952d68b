import BackgroundWire

/// Another app in the device's memory (`device resident-app`): it takes its turn in jetsam's
/// order by its band and footprint, beside the app (rule jetsam-order).
public struct ResidentApp: Sendable, Codable, Equatable {
    /// Its name, as a jetsam report's `name`.
    public var name: String
    /// Its band: suspended, background or foreground.
    public var band: JetsamBand
    /// Its memory footprint, in bytes.
    public var footprint: Int

    /// Another app named `name`, in `band`, using `footprint` bytes.
    public init(name: String, band: JetsamBand, footprint: Int) {
        self.name = name
        self.band = band
        self.footprint = footprint
    }
}
