import BackgroundWire

/// A handler added to the ``RemoteCommandCenter``, for ``RemoteCommandCenter/removeTarget(_:)``.
public struct RemoteCommandTarget: Sendable, Hashable {
    let id: Int
    /// The command it handles.
    public let kind: RemoteCommandKind
}
