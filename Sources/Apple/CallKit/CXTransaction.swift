import Foundation

/// Actions the app asks the system to carry out together (`CXTransaction`), through a
/// ``CXCallController``.
// Unchecked: its actions are set once, in init, and only read after.
public final class CXTransaction: @unchecked Sendable {
    public let uuid = UUID()
    /// The actions, in the order given.
    public private(set) var actions: [CXAction]
    /// Whether every action is fulfilled or failed.
    public var isComplete: Bool { actions.allSatisfy(\.isComplete) }

    public init(actions: [CXAction]) {
        self.actions = actions
    }

    public convenience init(action: CXAction) {
        self.init(actions: [action])
    }

    public convenience init() {
        self.init(actions: [])
    }

    /// Adds `action` at the end.
    public func addAction(_ action: CXAction) {
        actions.append(action)
    }
}
