/// A background-execution rule whose breaking the system reports instead of failing silently
/// or killing the app without a word.
///
/// Rules are open: a module adds its own with `extension DiagnosticRule { static let … }`.
public struct DiagnosticRule: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The rule's name in console lines and in `status`, e.g. `double-end`.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// A task assertion was still held after its expiration handler returned.
    public static let leakedAssertion = DiagnosticRule(rawValue: "leaked-assertion")
    /// `endBackgroundTask` was called with an identifier that was never handed out.
    public static let invalidIdentifier = DiagnosticRule(rawValue: "invalid-identifier")
    /// `endBackgroundTask` was called twice for the same identifier.
    public static let doubleEnd = DiagnosticRule(rawValue: "double-end")
    /// `beginBackgroundTask` was called inside an expiration handler.
    public static let beginInExpirationHandler = DiagnosticRule(rawValue: "begin-in-expiration-handler")
    /// The app kept running code after its expiration handlers returned while still holding
    /// assertions: iOS terminates such an app.
    public static let codeAfterExpiration = DiagnosticRule(rawValue: "code-after-expiration")
    /// didEnterBackground did not return in time: the app failed to suspend and was terminated.
    public static let didEnterBackgroundTimeout = DiagnosticRule(rawValue: "did-enter-background-timeout")
    /// didFinishLaunching of a launch onto the screen did not return in time: the watchdog
    /// ended the app.
    public static let launchTimeout = DiagnosticRule(rawValue: "launch-timeout")
    /// willEnterForeground of an app the user brought back to the screen did not return in
    /// time: the watchdog ended the app.
    public static let foregroundTimeout = DiagnosticRule(rawValue: "foreground-timeout")
    /// The app was terminated for holding assertions beyond the permitted time.
    public static let assertionTimeout = DiagnosticRule(rawValue: "assertion-timeout")
    /// A feature needs a `UIBackgroundModes` entry the Info.plist lacks.
    public static let missingBackgroundMode = DiagnosticRule(rawValue: "missing-background-mode")
}
