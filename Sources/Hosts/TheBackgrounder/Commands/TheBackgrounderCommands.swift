import BackgroundCommands
import BackgrounderHost

/// Every command TheBackgrounder understands: the ones every app has and its tabs'.
///
/// Each tab adds its commands in its own `TheBackgrounderCommands+Tab.swift` file and one line
/// to ``all``.
enum TheBackgrounderCommands {
    /// The commands of the whole app, in the order `help` lists them.
    static let all = CommandTable<AppHost>(
        CommandTable.session + CommandTable.device + CommandTable.conditions + whatever + audio + nowPlaying + location
            + newsstand + voip + fetch + CommandTable.tasks + CommandTable.notifications + CommandTable.push
            + CommandTable.transfers)
}
