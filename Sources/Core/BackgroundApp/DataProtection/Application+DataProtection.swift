import BackgroundWire
import Foundation

/// Data Protection, the app's side: whether protected data is available, and the files of the
/// app's Documents directory with their protection classes (rules in `Rule+DataProtection.swift`).
extension Application {
    /// Whether files of class complete and completeUnlessOpen can be read and written now
    /// (`UIApplication.isProtectedDataAvailable`): false from 10 s after the screen locks until
    /// it is unlocked, and after a restart until the first unlock. It is the device's value now,
    /// so an app that was suspended meanwhile — and so was not told — reads it when it runs again.
    public nonisolated var isProtectedDataAvailable: Bool {
        protectedDataAccess.isProtectedDataAvailable
    }

    /// What the device's class keys open now; all of it without a device.
    nonisolated var protectedDataAccess: ProtectedDataAccess {
        system?.protectedDataAccess ?? ProtectedDataAccess()
    }

    /// Writes `data` to file `name` of the app's Documents directory with the era's default
    /// class, as `Data.write(to:options: .atomic)` does: completeUntilFirstUserAuthentication
    /// from iOS 7, none before.
    public nonisolated func write(_ data: Data, toFile name: String) throws(ProtectedFileError) {
        try write(data, toFile: name, protection: profile.defaultFileProtection)
    }

    /// Replaces file `name` of the app's Documents directory with `data`, of class
    /// `protection` (`Data.write(to:options: [.atomic, .completeFileProtection])` and its
    /// siblings). The file is new, so while protected data is unavailable a complete one cannot
    /// be written (``ProtectedFileError/writeNoPermission(file:protection:)``, reported as a
    /// `[protected-data-unavailable]` diagnostic), a completeUnlessOpen one can; before the
    /// device's first unlock since it booted only a file of class none can.
    public nonisolated func write(_ data: Data, toFile name: String, protection: FileProtection) throws(ProtectedFileError) {
        guard profile.fileProtections.contains(protection) else {
            throw .unavailableProtection(protection, profile: profile.name)
        }
        let store = try protectedFileStore()
        let access = protectedDataAccess
        guard protection.allowsCreation(under: access) else {
            throw refused(.writeNoPermission(file: name, protection: protection), "write(_:toFile: \"\(name)\")", access)
        }
        try store.write(data, toFile: name, protection: protection)
    }

    /// The contents of file `name` of the app's Documents directory (`Data(contentsOf:)`).
    /// While protected data is unavailable a file of class complete or completeUnlessOpen
    /// cannot be read (``ProtectedFileError/readNoPermission(file:protection:)``, reported as a
    /// `[protected-data-unavailable]` diagnostic); completeUntilFirstUserAuthentication and
    /// none can, except that before the device's first unlock since it booted only none can.
    public nonisolated func contents(ofFile name: String) throws(ProtectedFileError) -> Data {
        let store = try protectedFileStore()
        let protection = try store.protection(ofFile: name, fallback: profile.defaultFileProtection)
        let access = protectedDataAccess
        guard protection.allowsAccess(under: access) else {
            throw refused(.readNoPermission(file: name, protection: protection), "contents(ofFile: \"\(name)\")", access)
        }
        return try store.contents(ofFile: name)
    }

    /// The class of file `name` of the app's Documents directory, as
    /// `FileManager.attributesOfItem(atPath:)[.protectionKey]` gives it: the one it was written
    /// with, or the era's default for a file put there by other means.
    public nonisolated func fileProtection(ofFile name: String) throws(ProtectedFileError) -> FileProtection {
        try protectedFileStore().protection(ofFile: name, fallback: profile.defaultFileProtection)
    }

    /// Gives file `name` of the app's Documents directory class `protection`
    /// (`FileManager.setAttributes([.protectionKey: …], ofItemAtPath:)`).
    package nonisolated func setFileProtection(_ protection: FileProtection, ofFile name: String) throws(ProtectedFileError) {
        guard profile.fileProtections.contains(protection) else {
            throw .unavailableProtection(protection, profile: profile.name)
        }
        try protectedFileStore().setProtection(protection, ofFile: name)
    }

    /// The app's Documents directory in the device's data directory; nil without one.
    package nonisolated var documentsDirectory: URL? {
        system?.documentsDirectory
    }

    private nonisolated func protectedFileStore() throws(ProtectedFileError) -> ProtectedFileStore {
        guard let directory = system?.documentsDirectory else { throw .noDataDirectory }
        return ProtectedFileStore(directory: directory)
    }

    /// Reports `error` of `call` under `access`, which iOS only returns, as a diagnostic;
    /// returns it to throw.
    private nonisolated func refused(_ error: ProtectedFileError, _ call: String, _ access: ProtectedDataAccess) -> ProtectedFileError {
        let message = access.isUnlockedSinceBoot
            ? "\(call) failed while the device is locked: \(error). Give a file the app needs in the background "
                + "\(FileProtection.completeUntilFirstUserAuthentication.rawValue)"
            : "\(call) failed: the device has not been unlocked since it booted: \(error). Code launched in the "
                + "background before the first unlock can read and write only \(FileProtection.none.rawValue) files: check "
                + "isProtectedDataAvailable and wait for applicationProtectedDataDidBecomeAvailable"
        system?.report(.protectedDataUnavailable, message)
        return error
    }
}
