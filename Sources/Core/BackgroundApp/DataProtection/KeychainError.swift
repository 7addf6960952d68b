import BackgroundWire

/// Why the app's keychain item could not be read or stored (``Application/keychainItem(for:)``,
/// ``Application/setKeychainItem(_:for:accessibility:)``); its description names the item and
/// the Security framework's status.
public enum KeychainError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The item's class key is not held now — the device is locked, or has not been unlocked
    /// since it booted: on iOS, `errSecInteractionNotAllowed` (-25308).
    case interactionNotAllowed(account: String, accessibility: KeychainAccessibility)
    /// No item of that account: on iOS, `errSecItemNotFound` (-25300).
    case itemNotFound(String)
    /// The item could not be kept on disk: the store's reason.
    case storage(ProtectedFileError)

    public var description: String {
        switch self {
        case .interactionNotAllowed(let account, let accessibility):
            "keychain item \(account) (\(accessibility.rawValue)) cannot be used "
                + (accessibility == .afterFirstUnlock
                    ? "before the device's first unlock since it booted" : "while the device is locked")
                + ": on iOS, errSecInteractionNotAllowed (-25308)"
        case .itemNotFound(let account):
            "no keychain item \(account): on iOS, errSecItemNotFound (-25300)"
        case .storage(let error):
            "the keychain could not be kept: \(error)"
        }
    }
}
