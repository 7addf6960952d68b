import Foundation

/// How this executable was started, for hints that name a command to type: `NAME pair` works
/// only where NAME is on the PATH, and `scripts/run` and `swift run` start the binary by its
/// path under `.build`.
enum Invocation {
    /// This executable as a command that works from any directory: its name as typed when the
    /// shell found it on the PATH (`argv[0]` has no slash), else its absolute path.
    static var command: String {
        let typed = CommandLine.arguments.first ?? HostedAppCommand.executableName
        guard typed.contains("/") else { return typed }
        let path = URL(fileURLWithPath: typed).standardizedFileURL.path
        return path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) } ? path : "'\(path)'"
    }
}
