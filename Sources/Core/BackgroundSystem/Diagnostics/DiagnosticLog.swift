import BackgroundWire

/// The diagnostics a device has reported, with a bounded memory of the latest ones.
public struct DiagnosticLog: Sendable, Equatable {
    /// How many diagnostics were reported in all.
    public private(set) var count = 0
    /// How many were reported for each rule.
    public private(set) var countByRule: [DiagnosticRule: Int] = [:]
    /// The latest diagnostics, oldest first, at most ``capacity``.
    public private(set) var recent: [Diagnostic] = []
    /// How many diagnostics ``recent`` keeps.
    public let capacity = 100

    mutating func append(_ diagnostic: Diagnostic) {
        count += 1
        countByRule[diagnostic.rule, default: 0] += 1
        if recent.count == capacity { recent.removeFirst() }
        recent.append(diagnostic)
    }
}
