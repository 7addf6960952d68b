extension PortError {
    /// Whether the problem is with a file that was found (and so counts among the files read).
    var isAboutAFileRead: Bool {
        switch self {
        case .unreadable, .unparsable: true
        case .noSuchDirectory, .notADirectory, .readOnly, .unwritable: false
        }
    }
}
