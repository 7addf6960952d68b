import BackgroundWire

/// How the latest numbered pieces of work (fetches, task runs) ended, so that a second
/// completion can be told apart from a first. Keeps the latest ``capacity`` only.
struct RecentEndings<Ending: Sendable & Equatable>: Sendable, Equatable {
    static var capacity: Int { 64 }
    private var endings: [Int: Ending] = [:]

    mutating func remember(_ number: Int, _ ending: Ending) {
        if endings.count >= Self.capacity, let oldest = endings.keys.min() {
            endings[oldest] = nil
        }
        endings[number] = ending
    }

    subscript(number: Int) -> Ending? { endings[number] }
}
