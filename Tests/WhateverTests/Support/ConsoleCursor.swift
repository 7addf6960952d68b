import BackgroundRuntime

/// Reads a console's messages bit by bit: each ``read()`` returns those logged since the last
/// read, or since the cursor was made.
struct ConsoleCursor {
    let console: Console
    private var lastSequence = 0

    init(_ console: Console) {
        self.console = console
        lastSequence = console.recentLines.last?.sequence ?? 0
    }

    mutating func read() -> [String] {
        let lines = console.recentLines.filter { $0.sequence > lastSequence }
        lastSequence = lines.last?.sequence ?? lastSequence
        return lines.map(\.message)
    }

    /// The messages since the last read, without the `State:` lines.
    mutating func readAppLines() -> [String] {
        read().filter { !$0.hasPrefix("State:") }
    }
}
