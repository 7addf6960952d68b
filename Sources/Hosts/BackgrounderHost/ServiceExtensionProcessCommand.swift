import ArgumentParser

/// `service-extension-process`: the process of the app's Notification Service Extension under
/// `run --isolation process`, which the system starts with its socket as standard input. Not
/// for people to type.
struct ServiceExtensionProcessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service-extension-process",
        abstract: "The process of the app's Notification Service Extension under `run --isolation process`.",
        shouldDisplay: false)

    /// The arguments that start it.
    static let arguments = ["service-extension-process"]
}
