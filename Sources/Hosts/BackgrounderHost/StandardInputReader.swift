import Foundation

/// Reads standard input line by line on a thread of its own, so that a blocked read never
/// holds up the app.
public enum StandardInputReader {
    /// Calls `deliver` with each line, then once with nil at the end of input.
    public static func start(_ deliver: @escaping @Sendable (String?) -> Void) {
        Thread {
            ThreadName.set("stdin-reader")
            while let line = readLine(strippingNewline: true) {
                deliver(line)
            }
            deliver(nil)
        }.start()
    }
}
