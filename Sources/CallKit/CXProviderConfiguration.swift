/// How the app's calls show in the system's call screens (`CXProviderConfiguration`).
/// Backgrounder's incoming-call screen shows the caller only; these are kept for the app.
public final class CXProviderConfiguration: @unchecked Sendable {
    /// The app's name on the call screen.
    public var localizedName: String?
    public var supportsVideo = false
    public var maximumCallGroups = 2
    public var maximumCallsPerCallGroup = 5
    public var supportedHandleTypes: Set<CXHandle.HandleType> = []
    public var includesCallsInRecents = true

    public init() {}

    /// A configuration with the app's name on the call screen.
    public convenience init(localizedName: String) {
        self.init()
        self.localizedName = localizedName
    }
}
