import BackgroundRuntime

/// One console line for the page: its sequence number, the line as printed, and its message.
struct ConsoleLineView: Encodable {
    let sequence: Int
    let text: String
    let message: String

    init(_ line: ConsoleLine) {
        sequence = line.sequence
        text = line.formatted
        message = line.message
    }
}
