/// What a command line produced.
public enum CommandResult: Sendable, Equatable {
    /// It was carried out and has nothing to print.
    case done
    /// It was carried out; print this line.
    case output(String)
    /// The session should end.
    case quit
    /// It failed; print the error.
    case failed(CommandError)
}
