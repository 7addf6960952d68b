import BackgroundCommands

/// A button of the lock screen's Now Playing controls, for `remote`.
enum RemoteCommandAction: String, CaseIterable, CommandArgument {
    case play
    case pause
    case toggle
    case stop
    case next
    case previous
    case seek
}
