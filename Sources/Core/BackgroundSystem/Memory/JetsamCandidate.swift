import BackgroundWire

/// One app in jetsam's order at a memory-pressure event: another app in memory, or the app.
struct JetsamCandidate: Sendable {
    /// Its name, as a jetsam report's `name`.
    var name: String
    var band: JetsamBand
    /// Its footprint in bytes; nil when unknown (the app, before any is declared or measured),
    /// which weighs as nothing.
    var footprint: Int?
    /// Whether it is the app, not another app in memory.
    var isTheApp: Bool

    /// `candidates` in jetsam's order: lowest band first, and within a band the largest
    /// footprint first; equal footprints keep their order.
    static func inJetsamOrder(_ candidates: [JetsamCandidate]) -> [JetsamCandidate] {
        candidates.enumerated().sorted { lhs, rhs in
            if lhs.element.band != rhs.element.band { return lhs.element.band < rhs.element.band }
            let left = lhs.element.footprint ?? 0, right = rhs.element.footprint ?? 0
            return left != right ? left > right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// `footprint` in whole megabytes, for the console.
    var megabytes: Int { (footprint ?? 0) >> 20 }
}
