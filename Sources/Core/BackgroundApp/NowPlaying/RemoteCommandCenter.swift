import BackgroundWire

/// The app's remote command handlers (`MPRemoteCommandCenter.shared()`): the app adds a
/// handler for each command it supports, and the system enables the commands that have one —
/// the lock screen, Control Center and the desktop's media controls offer only those.
///
/// One per launch, from ``Application/remoteCommandCenter``. Handlers run on the app's main
/// executor when the system delivers a command, which it does only to the Now Playing app
/// (see `Device/sendRemoteCommand(_:from:)`).
@AppMain
public final class RemoteCommandCenter {
    private weak var system: AppRuntime?
    private var handlers: [(target: RemoteCommandTarget, body: @AppMain (RemoteCommand) -> RemoteCommandHandlerStatus)] = []
    private var nextID = 1
    /// The commands the app disabled (``setEnabled(_:for:)``).
    private var disabled: Set<RemoteCommandKind> = []

    init(system: AppRuntime?) {
        self.system = system
    }

    /// Adds `handler` for `kind` (`addTarget(handler:)`), which enables the command.
    @discardableResult
    public func addTarget(
        for kind: RemoteCommandKind, handler: @escaping @AppMain (RemoteCommand) -> RemoteCommandHandlerStatus
    ) -> RemoteCommandTarget {
        let target = RemoteCommandTarget(id: nextID, kind: kind)
        nextID += 1
        handlers.append((target, handler))
        announce()
        return target
    }

    /// Removes a handler; a command left without one is disabled. Removing twice does nothing.
    public func removeTarget(_ target: RemoteCommandTarget) {
        handlers.removeAll { $0.target == target }
        announce()
    }

    /// Enables or disables `kind` (`MPRemoteCommand.isEnabled`): the system offers a command
    /// that has a handler and is enabled. Every command is enabled until the app disables it.
    public func setEnabled(_ enabled: Bool, for kind: RemoteCommandKind) {
        if enabled { disabled.remove(kind) } else { disabled.insert(kind) }
        announce()
    }

    /// Whether `kind` is enabled (``setEnabled(_:for:)``), with a handler or not.
    public func isEnabled(_ kind: RemoteCommandKind) -> Bool { !disabled.contains(kind) }

    /// The commands with a handler that the app did not disable.
    public var enabledCommands: Set<RemoteCommandKind> { Set(handlers.map(\.target.kind)).subtracting(disabled) }

    /// Runs the handlers of `command` in the order they were added; the first answer that is
    /// not a success is the answer, as the console says.
    func handle(_ command: RemoteCommand, logger: (String) -> Void) {
        let answers = handlers.filter { $0.target.kind == command.kind }.map { $0.body(command) }
        if let failure = answers.first(where: { $0 != .success }) {
            logger("Remote command \(command): \(failure.rawValue)")
        }
    }

    private func announce() {
        system?.setRemoteCommands(enabledCommands)
    }
}
