import ArgumentParser
import BackgroundCommands
import Foundation

/// `--data-dir`, for the commands that read what `backgrounder run` stores.
struct DataDirectoryOptions: ParsableArguments {
    @Option(help: "The app's data directory (default: $XDG_DATA_HOME/backgrounder or ~/.local/share/backgrounder).")
    var dataDir: String?

    /// The directory, created if needed.
    func prepared() throws -> URL {
        let url = dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? DataDirectory.defaultURL()
        do {
            try DataDirectory.prepare(url)
        } catch {
            throw ValidationError("--data-dir: \(error)")
        }
        return url
    }
}
