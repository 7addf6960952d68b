import BackgroundWire
import Foundation

/// The app's keychain items, a generic password per account (`SecItemAdd`,
/// `SecItemCopyMatching`), each readable as its ``KeychainAccessibility`` says: kept in
/// `Keychain` in the data directory with the store of the app's files, so each item follows the
/// Data Protection class of the same name (rules keychain-accessibility and
/// protected-data-before-first-unlock).
extension Application {
    /// Stores `data` as the app's keychain item `account`, replacing any, readable as
    /// `accessibility` says (`kSecAttrAccessibleWhenUnlocked` unless given). While the item's
    /// class key is not held it cannot be stored (``KeychainError/interactionNotAllowed(account:accessibility:)``,
    /// reported as a `[protected-data-unavailable]` diagnostic).
    public func setKeychainItem(
        _ data: Data, for account: String, accessibility: KeychainAccessibility = .whenUnlocked
    ) throws(KeychainError) {
        let store = try keychainStore()
        let access = protectedDataAccess
        guard accessibility.fileProtection.allowsAccess(under: access) else {
            throw refused(.interactionNotAllowed(account: account, accessibility: accessibility), "SecItemAdd", access)
        }
        do throws(ProtectedFileError) {
            try store.write(data, toFile: account, protection: accessibility.fileProtection)
        } catch {
            throw .storage(error)
        }
    }

    /// The app's keychain item `account`. While its class key is not held — a
    /// `kSecAttrAccessibleWhenUnlocked` item after the lock, any item before the first unlock
    /// since boot — it cannot be read (``KeychainError/interactionNotAllowed(account:accessibility:)``,
    /// reported as a `[protected-data-unavailable]` diagnostic).
    public func keychainItem(for account: String) throws(KeychainError) -> Data {
        let store = try keychainStore()
        let accessibility: KeychainAccessibility
        do throws(ProtectedFileError) {
            let protection = try store.protection(ofFile: account, fallback: .complete)
            accessibility = protection == .complete ? .whenUnlocked : .afterFirstUnlock
        } catch .noSuchFile(_) {
            throw .itemNotFound(account)
        } catch {
            throw .storage(error)
        }
        let access = protectedDataAccess
        guard accessibility.fileProtection.allowsAccess(under: access) else {
            throw refused(.interactionNotAllowed(account: account, accessibility: accessibility), "SecItemCopyMatching", access)
        }
        do throws(ProtectedFileError) {
            return try store.contents(ofFile: account)
        } catch {
            throw .storage(error)
        }
    }

    private func keychainStore() throws(KeychainError) -> ProtectedFileStore {
        guard let directory = system?.keychainDirectory else { throw .storage(.noDataDirectory) }
        return ProtectedFileStore(directory: directory)
    }

    /// Reports `error` of `call` under `access`, which iOS only returns, as a diagnostic;
    /// returns it to throw.
    private func refused(_ error: KeychainError, _ call: String, _ access: ProtectedDataAccess) -> KeychainError {
        system?.report(
            .protectedDataUnavailable,
            access.isUnlockedSinceBoot
                ? "\(call) failed while the device is locked: \(error). Make an item the app needs in the background "
                    + KeychainAccessibility.afterFirstUnlock.rawValue
                : "\(call) failed: the device has not been unlocked since it booted: \(error). Code launched in the "
                    + "background before the first unlock cannot use the keychain: wait for "
                    + "applicationProtectedDataDidBecomeAvailable")
        return error
    }
}
