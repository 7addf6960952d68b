import BackgroundRuntime

/// Foundation's `URLSessionConfiguration`, as background code makes it:
/// `.background(withIdentifier:)` with `isDiscretionary` and `sessionSendsLaunchEvents`, which a
/// ``URLSession`` hands to the system's transfer service, or `.default` and `.ephemeral`, whose
/// sessions are FoundationNetworking's own.
///
/// Code that imports UIKit (or another Apple-spelled module here) gets this class for the name `URLSessionConfiguration` (a module's
/// own declaration shadows one of a module it imports).
// Unchecked: as Foundation's, its settings are set on one thread before a session is made from it, then only read.
public final class URLSessionConfiguration: @unchecked Sendable {
    /// The background session's identifier, unique within the app; nil for the other kinds.
    public let identifier: String?
    /// Whether the system chooses when the transfers run, on power and the network (false by
    /// default). Transfers made while the app is in the background are discretionary whatever
    /// this says.
    public var isDiscretionary = false
    /// Whether the system resumes or launches the app in the background when the session's
    /// transfers have ended (true by default).
    public var sessionSendsLaunchEvents = true
    /// Whether transfers may use the cellular network. Stored only: Backgrounder's device has no
    /// cellular network to tell apart.
    public var allowsCellularAccess = true
    let foundation: FoundationNetworking.URLSessionConfiguration

    private init(identifier: String?, foundation: FoundationNetworking.URLSessionConfiguration) {
        self.identifier = identifier
        self.foundation = foundation
    }

    /// A configuration for the background session `identifier`: its transfers are the system's,
    /// which carries them on while the app is suspended or not running.
    public class func background(withIdentifier identifier: String) -> URLSessionConfiguration {
        URLSessionConfiguration(identifier: identifier, foundation: .default)
    }

    /// The default configuration: a session of FoundationNetworking, in the app's process.
    public class var `default`: URLSessionConfiguration {
        URLSessionConfiguration(identifier: nil, foundation: .default)
    }

    /// A configuration that keeps nothing on disk: a session of FoundationNetworking.
    public class var ephemeral: URLSessionConfiguration {
        URLSessionConfiguration(identifier: nil, foundation: .ephemeral)
    }

    /// The runtime's configuration of a background one.
    var background: BackgroundSessionConfiguration? {
        guard let identifier else { return nil }
        var configuration = BackgroundSessionConfiguration.background(withIdentifier: identifier)
        configuration.isDiscretionary = isDiscretionary
        configuration.sessionSendsLaunchEvents = sessionSendsLaunchEvents
        return configuration
    }
}
