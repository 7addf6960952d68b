import BackgroundWire

/// Data Protection on the system's side (`SystemStateMachine+DataProtection.swift`).
extension Device {
    /// Whether files of class complete and completeUnlessOpen can be read and written now:
    /// false from the profile's delay (10 s) after the screen locks until it is unlocked, and
    /// after a restart until the first unlock.
    public var isProtectedDataAvailable: Bool {
        read { $0.protectedData.isAvailable }
    }

    /// Whether the device has been unlocked since it booted: until then files of class
    /// completeUntilFirstUserAuthentication, the default, cannot be read or written either.
    public var isUnlockedSinceBoot: Bool {
        read { $0.protectedData.isUnlockedSinceBoot }
    }
}
