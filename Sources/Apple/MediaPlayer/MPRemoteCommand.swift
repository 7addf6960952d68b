import BackgroundRuntime

/// One remote command of the ``MPRemoteCommandCenter`` (`MPRemoteCommand`): the app adds its
/// handlers, and the system offers the command (on the lock screen, to MPRIS) while it has one
/// and is enabled, and delivers it only to the Now Playing app, as the runtime says.
@preconcurrency @AppMain
public class MPRemoteCommand {
    private let center: RemoteCommandCenter
    let kind: RemoteCommandKind
    /// The handlers added, for ``removeTarget(_:)`` with nil.
    private var targets: [RemoteCommandTarget] = []

    init(kind: RemoteCommandKind, center: RemoteCommandCenter) {
        self.kind = kind
        self.center = center
    }

    /// Whether the system may offer the command; true until the app sets it false.
    public var isEnabled: Bool {
        get { center.isEnabled(kind) }
        set { center.setEnabled(newValue, for: kind) }
    }

    /// Adds `handler`, which runs on the app's main executor for each delivery of the command;
    /// keep the result to remove it.
    @discardableResult
    public func addTarget(handler: @escaping (MPRemoteCommandEvent) -> MPRemoteCommandHandlerStatus) -> Any {
        let target = center.addTarget(for: kind) { [unowned self] command in
            handler(MPRemoteCommandEvent.make(command, for: self)).runtimeStatus
        }
        targets.append(target)
        return target
    }

    /// Removes a handler ``addTarget(handler:)`` returned; nil removes them all.
    public func removeTarget(_ target: Any?) {
        let removed = target.map { target in targets.filter { $0 == target as? RemoteCommandTarget } } ?? targets
        for target in removed { center.removeTarget(target) }
        targets.removeAll { removed.contains($0) }
    }
}
