import BackgroundRuntime
import Location

/// The app's claim to keep receiving location in the background (iOS 17): the runtime's
/// ``BackgroundActivitySession``. While it is held, updates go on in the background, also with
/// When In Use authorization, and the location indicator shows; ``invalidate()`` ends it, and so
/// does letting it go.
///
/// Apple's initializer does not fail: a session the system refuses (begun in the background, or
/// without the `location` mode) holds nothing, and the console says why.
@preconcurrency @AppMain
public final class CLBackgroundActivitySession {
    private let session: BackgroundActivitySession?

    /// Begins a session for the app whose code runs now.
    ///
    /// Before iOS 17, where the class does not exist, the use is reported (`[unavailable-api]`)
    /// and the session holds nothing.
    ///
    /// - precondition: the caller is the app's code.
    public init() {
        let application = Application.current(for: "CLBackgroundActivitySession()")
        guard application.profile.hasModernLocationAPIs else {
            application.report(
                .unavailableAPI,
                "CLBackgroundActivitySession() does not exist in \(application.profile.name); it \(application.profile.history(of: .modernLocation)), so "
                    + "it holds nothing")
            session = nil
            return
        }
        do {
            session = try BackgroundActivitySession(application: application)
        } catch {
            application.logger.info("CLBackgroundActivitySession did not begin: \(error)")
            session = nil
        }
    }

    /// Ends the session at once; it cannot become active again.
    public func invalidate() {
        session?.invalidate()
    }
}
