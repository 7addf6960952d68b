/// How the system starts the app's own process for `--isolation process`: the same binary,
/// with arguments that make it run the app's side (``AppProcess/run(infoPlist:profile:app:)``).
public struct AppProcessConfiguration: Sendable {
    /// The binary to start.
    public var executable: String
    /// Its arguments.
    public var arguments: [String]

    public init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }
}
