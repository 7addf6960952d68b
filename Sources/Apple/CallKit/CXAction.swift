/// Something the system asks the app to do for a call (`CXAction`); the app fulfills it, or
/// fails it when it cannot.
// Unchecked: not final, as CallKit's; isComplete is set by fulfill() or fail() on the thread that handles the action.
public class CXAction: @unchecked Sendable {
    public let uuid = UUID()
    /// Whether the app fulfilled or failed it.
    public private(set) var isComplete = false

    init() {}

    /// The app did it.
    public func fulfill() {
        isComplete = true
    }

    /// The app could not do it.
    public func fail() {
        isComplete = true
    }
}
