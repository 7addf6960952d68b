import BackgroundCommands
import BackgrounderHost

/// A command of TheBackgrounder's table.
typealias Command = BackgroundCommands.Command<AppHost>
