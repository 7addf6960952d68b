import BackgroundCommands

/// A command of TheBackgrounder's table.
typealias Command = BackgroundCommands.Command<Backgrounder>
