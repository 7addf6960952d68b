/// Which of the app's files the device's Data Protection class keys open now, as the system
/// tells the app's code (Apple Platform Security, "Data Protection classes"): the answer to the
/// app's question before each read and write of its Documents directory.
package struct ProtectedDataAccess: Codable, Sendable, Equatable {
    /// Whether files of class complete and completeUnlessOpen can be read and written
    /// (`UIApplication.isProtectedDataAvailable`).
    package var isProtectedDataAvailable = true
    /// Whether the device has been unlocked since it booted: until then files of class
    /// completeUntilFirstUserAuthentication cannot be read or written either.
    package var isUnlockedSinceBoot = true

    package init(isProtectedDataAvailable: Bool = true, isUnlockedSinceBoot: Bool = true) {
        self.isProtectedDataAvailable = isProtectedDataAvailable
        self.isUnlockedSinceBoot = isUnlockedSinceBoot
    }
}
