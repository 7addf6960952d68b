/// A background session's configuration, as `URLSessionConfiguration.background(withIdentifier:)`
/// makes it: the identifier the system knows the session by across the app's launches, and how
/// its transfers may run. A value: it crosses to the system as it is.
public struct BackgroundSessionConfiguration: Codable, Sendable, Equatable {
    /// The session's identifier, unique within the app; a relaunched app makes its session again
    /// with the same one to hear the events the system kept for it.
    public let identifier: String
    /// Whether the system chooses when the transfers run (`isDiscretionary`; default false): they
    /// wait until the device is on external power and on the network. Transfers the app creates
    /// while it is in the background are discretionary whatever this says.
    public var isDiscretionary = false
    /// Whether the system resumes or launches the app in the background when the session's
    /// transfers have ended (`sessionSendsLaunchEvents`; default true).
    public var sessionSendsLaunchEvents = true

    /// A configuration for the background session `identifier`.
    public init(identifier: String) {
        self.identifier = identifier
    }

    /// `URLSessionConfiguration.background(withIdentifier:)`.
    public static func background(withIdentifier identifier: String) -> BackgroundSessionConfiguration {
        BackgroundSessionConfiguration(identifier: identifier)
    }
}
