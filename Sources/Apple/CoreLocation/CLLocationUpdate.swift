import BackgroundRuntime
import Location

/// One element of ``liveUpdates()`` (iOS 17): the runtime's ``LocationUpdate``, a fix or why
/// none came.
public struct CLLocationUpdate: Sendable {
    /// The runtime's update.
    let update: LocationUpdate

    /// The fix; nil when the update says why there is none.
    public var location: CLLocation? { update.location.map(CLLocation.init) }

    /// Whether the device is still: always false, as Backgrounder does not model it (these
    /// updates do not pause).
    public var isStationary: Bool { false }

    /// The user denied the app the use of location (iOS 18's diagnostic).
    public var authorizationDenied: Bool { update.problem == .denied }

    /// The updates were started while the app was not in use, with When In Use authorization
    /// (iOS 18's diagnostic).
    public var insufficientlyInUse: Bool { update.problem == .notInForeground }

    /// Location updates as an async sequence, for `for try await update in CLLocationUpdate.liveUpdates()`:
    /// every fix, at the best accuracy, while the app runs — in the background only with a
    /// ``CLBackgroundActivitySession`` or updates that keep it running otherwise. Updates stop
    /// when the loop ends.
    ///
    /// Before iOS 17, where the API does not exist, the use is reported (`[unavailable-api]`)
    /// and the sequence ends at once.
    ///
    /// - precondition: the caller is the app's code.
    @preconcurrency @AppMain
    public static func liveUpdates() -> Updates {
        let application = Application.current(for: "CLLocationUpdate.liveUpdates()")
        do {
            return Updates(updates: try LocationUpdate.liveUpdates(application: application))
        } catch {
            application.report(.unavailableAPI, "CLLocationUpdate.liveUpdates() does not exist: \(error); the updates end at once")
            return Updates(updates: AsyncStream { $0.finish() })
        }
    }
}
