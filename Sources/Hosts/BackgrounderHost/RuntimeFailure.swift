/// A command that was typed right but could not be carried out (an app that does not answer, a
/// file that is not there): the command line prints `Error: MESSAGE`, then `Hint: HINT` when
/// there is one, and never the usage, which is for usage mistakes.
public struct RuntimeFailure: Error, CustomStringConvertible {
    /// What went wrong, naming the address, file or flag.
    public let message: String
    /// What to do about it, or nil.
    public let hint: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    public var description: String {
        hint.map { "\(message)\nHint: \($0)" } ?? message
    }
}
