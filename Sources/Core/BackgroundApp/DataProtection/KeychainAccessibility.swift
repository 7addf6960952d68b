import BackgroundWire

/// When the app's keychain item can be read, named as the Security framework names it
/// (`kSecAttrAccessible…`): each is the Data Protection class of the same name for files
/// (Apple Platform Security, "Keychain data protection classes").
public enum KeychainAccessibility: String, Sendable, Codable, CaseIterable {
    /// Readable only while the device is unlocked, as a complete file is; the default of
    /// `SecItemAdd`.
    case whenUnlocked = "kSecAttrAccessibleWhenUnlocked"
    /// Readable from the first unlock after boot until the device restarts, locked or not, as a
    /// completeUntilFirstUserAuthentication file is: for items background code needs.
    case afterFirstUnlock = "kSecAttrAccessibleAfterFirstUnlock"

    /// The file class that protects the item the same way.
    var fileProtection: FileProtection {
        switch self {
        case .whenUnlocked: .complete
        case .afterFirstUnlock: .completeUntilFirstUserAuthentication
        }
    }
}
