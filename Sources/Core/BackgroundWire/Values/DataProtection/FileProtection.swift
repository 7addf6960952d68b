/// A file's Data Protection class, named as Foundation names it (`FileProtectionType`): when
/// the file can be read and written (Apple Platform Security, "Data Protection classes").
///
/// Its raw value is Apple's constant, e.g. `NSFileProtectionComplete`.
public enum FileProtection: String, Sendable, Codable, CaseIterable {
    /// Class A: readable and writable only while protected data is available — from the device's
    /// unlock until 10 s after it locks.
    case complete = "NSFileProtectionComplete"
    /// Class B: like ``FileProtection/complete``, except that a new file can be created and
    /// written while the device is locked (a mail attachment downloading in the background).
    /// iOS 5 and later.
    case completeUnlessOpen = "NSFileProtectionCompleteUnlessOpen"
    /// Class C: readable and writable from the first unlock after boot until the device
    /// restarts, locked or not; the default for third-party apps from iOS 7. iOS 5 and later.
    case completeUntilFirstUserAuthentication = "NSFileProtectionCompleteUntilFirstUserAuthentication"
    /// Class D: always readable and writable; the default before iOS 7.
    case none = "NSFileProtectionNone"

    /// Whether a file of this class can be read, or written in place, under `access`: before
    /// the device's first unlock since it booted only a file of class none can be.
    package func allowsAccess(under access: ProtectedDataAccess) -> Bool {
        switch self {
        case .complete, .completeUnlessOpen: access.isProtectedDataAvailable
        case .completeUntilFirstUserAuthentication: access.isUnlockedSinceBoot
        case .none: true
        }
    }

    /// Whether a new file of this class can be created and written under `access`: a new
    /// completeUnlessOpen file can be while the device is locked (once it has been unlocked
    /// since it booted), a new complete one cannot.
    package func allowsCreation(under access: ProtectedDataAccess) -> Bool {
        (self == .completeUnlessOpen && access.isUnlockedSinceBoot) || allowsAccess(under: access)
    }
}
