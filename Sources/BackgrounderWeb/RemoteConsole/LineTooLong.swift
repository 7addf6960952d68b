/// A peer sent a line longer than a ``LineSplitter`` accepts.
struct LineTooLong: Error, CustomStringConvertible {
    let maxLength: Int
    var description: String { "a line longer than \(maxLength) bytes" }
}
