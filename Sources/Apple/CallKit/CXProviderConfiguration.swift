import Foundation

/// How the app's calls show in the system's call screens (`CXProviderConfiguration`).
/// Backgrounder's incoming-call screen shows the caller only; these are kept for the app.
// Unchecked: as CallKit's, the app fills it in on one thread and then hands it to the provider, which only reads it.
public final class CXProviderConfiguration: @unchecked Sendable {
    /// The app's name on the call screen.
    public var localizedName: String?
    public var supportsVideo = false
    public var maximumCallGroups = 2
    public var maximumCallsPerCallGroup = 5
    public var supportedHandleTypes: Set<CXHandle.HandleType> = []
    public var includesCallsInRecents = true
    /// The PNG of the app's icon on the call screen (a template image, 40 points square). Kept:
    /// Backgrounder's call screen shows no icon.
    public var iconTemplateImageData: Data?
    /// The name of the sound in the app's bundle that rings for an incoming call; nil for the
    /// system's ringtone. Kept: Backgrounder's incoming call rings with no sound.
    public var ringtoneSound: String?

    public init() {}

    /// A configuration with the app's name on the call screen.
    public convenience init(localizedName: String) {
        self.init()
        self.localizedName = localizedName
    }
}
