/// Data Protection on the system's side (`SystemStateMachine+DataProtection.swift`).
extension Device {
    /// Whether files of class complete and completeUnlessOpen can be read and written now:
    /// false from the profile's delay (10 s) after the screen locks until it is unlocked.
    public var isProtectedDataAvailable: Bool {
        read { $0.protectedData.isAvailable }
    }
}
