import DequeModule
import Foundation

/// The lines a console keeps, packed: the messages' UTF-8 bytes end to end in one ring, and
/// beside them each line's date and length. A kept line costs its text and twelve bytes, where
/// a string object and a ``ConsoleLine`` of its own cost about a hundred bytes more and an
/// allocation a line (10,000 lines of location fixes: a megabyte less, and no heap left in
/// pieces). The lines' sequence numbers follow one another, so only the first is kept.
struct ConsoleHistory {
    /// How many lines are kept at most: the oldest go first.
    let capacity: Int
    /// The sequence number of the oldest line kept (of the next line, while none is kept).
    private(set) var firstSequence = 1
    private var dates: Deque<Double> = []
    private var lengths: Deque<UInt32> = []
    private var text: Deque<UInt8> = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The sequence number the next line gets.
    var nextSequence: Int { firstSequence + dates.count }

    /// Keeps `message`, said at `date`, as the next line; lets the oldest line go if
    /// ``capacity`` lines are kept.
    mutating func append(_ message: String, at date: Date) {
        guard capacity > 0 else { return firstSequence += 1 }
        if dates.count == capacity {
            text.removeFirst(Int(lengths.removeFirst()))
            dates.removeFirst()
            firstSequence += 1
        }
        var message = message
        message.withUTF8 { text.append(contentsOf: $0) }
        lengths.append(UInt32(message.utf8.count))
        dates.append(date.timeIntervalSinceReferenceDate)
    }

    /// The kept lines whose sequence number is after `sequence`, oldest first, with `process`
    /// and `pid` in each: the newest `limit` of them. Only those are made.
    func lines(after sequence: Int, limit: Int, process: String, pid: Int32) -> [ConsoleLine] {
        let skipped = min(max(sequence - firstSequence + 1, dates.count - max(limit, 0), 0), dates.count)
        var start = lengths.prefix(skipped).reduce(0) { $0 + Int($1) }
        return (skipped..<dates.count).map { index in
            let end = start + Int(lengths[index])
            defer { start = end }
            return ConsoleLine(
                sequence: firstSequence + index, date: Date(timeIntervalSinceReferenceDate: dates[index]),
                process: process, pid: pid, message: String(decoding: text[start..<end], as: UTF8.self))
        }
    }
}
