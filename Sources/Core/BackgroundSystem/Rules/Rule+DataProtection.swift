import BackgroundWire

extension Rule {
    /// Data Protection after the screen locks and before the first unlock after a restart
    /// (`SystemStateMachine+DataProtection.swift`, the app's side in
    /// `Application+DataProtection.swift`).
    static let dataProtection: [Rule] = [
        Rule(
            "protected-data-after-lock",
            origin: .iOS(source: "Apple Platform Security, “Data Protection classes”: NSFileProtectionComplete: “Shortly after the user locks a device (10 seconds, if the Require Password setting is Immediately), the decrypted class key is discarded, rendering all data in this class inaccessible until the user enters the passcode again or unlocks …”; UIApplication.isProtectedDataAvailable: “false if data protection is enabled and the device is currently locked … When the value of this property is false, files that were assigned the complete or completeUnlessOpen protection key cannot be read or written by your app”; FileProtectionType.completeUnlessOpen: files of this class “can be created while the device is locked, but once closed, cannot be opened again until the device is unlocked”"),
            test: "completeFilesBecomeUnreadableTenSecondsAfterTheLock"
        ) { profile in
            "\(profile.protectedDataLockDelay.secondsText) s after the screen locks, protected data becomes unavailable "
                + "until the device is unlocked: isProtectedDataAvailable is false, a file of class complete or "
                + "completeUnlessOpen cannot be read (NSCocoaErrorDomain 257, EPERM) nor a complete one written (513); a "
                + "new completeUnlessOpen file can be, and completeUntilFirstUserAuthentication and none files stay "
                + "readable. Reading or writing one that is refused is a [protected-data-unavailable] diagnostic."
        },
        Rule(
            "protected-data-notifications",
            origin: .iOS(source: "Apple, UIApplicationDelegate applicationProtectedDataWillBecomeUnavailable(_:) (iOS 4): it “lets your app know that the device is about to be locked and that any protected files it is currently accessing might become unavailable shortly”; applicationProtectedDataDidBecomeAvailable(_:) (iOS 4): it “lets your app know that the device is now unlocked”; UIApplication.protectedDataWillBecomeUnavailableNotification and protectedDataDidBecomeAvailableNotification"),
            test: "lockingTellsTheRunningAppAndUnlockingTellsItAgain"
        ) { _ in
            "When the screen locks the running app is told that protected data will become unavailable "
                + "(applicationProtectedDataWillBecomeUnavailable, .protectedDataWillBecomeUnavailable); when it is "
                + "unlocked, that it is available (applicationProtectedDataDidBecomeAvailable, "
                + ".protectedDataDidBecomeAvailable) — also after an unlock within the delay, when it never stopped being."
        },
        Rule(
            "protected-data-suspended-app",
            origin: .model(reason: "Apple does not say whether a suspended app hears the protected-data notifications later, nor in which order they come with the lifecycle's; here a suspended app is not woken for them and reads isProtectedDataAvailable when it runs again, the will-become-unavailable notification comes before willResignActive (the device is “about to be locked”) and the did-become-available one before willEnterForeground"),
            test: "aSuspendedAppIsNotToldAndReadsTheValueWhenItRunsAgain"
        ) { _ in
            "A suspended app is not woken for the protected-data notifications: it reads isProtectedDataAvailable "
                + "when it runs again. An app the unlock brings back on screen hears that protected data is available "
                + "before willEnterForeground."
        },
        Rule(
            "protected-data-device",
            origin: .model(reason: "Apple gives the 10 s for Require Password: Immediately; the device here has a passcode with that setting and starts as one unlocked once since it booted (so completeUntilFirstUserAuthentication files are readable) until `device reboot` restarts it (rule protected-data-before-first-unlock). completeUnlessOpen's exception for a file open when the device locks is not modelled: each read and write opens and closes the file"),
            test: "unlockingWithinTenSecondsKeepsProtectedDataAvailable"
        ) { profile in
            "The device has a passcode, Require Password: Immediately, and has been unlocked since it booted until it "
                + "is restarted; unlocking it within \(profile.protectedDataLockDelay.secondsText) s of the lock keeps "
                + "protected data available."
        },
        Rule(
            "protected-data-before-first-unlock",
            origin: .iOS(source: "Apple, “Encrypting Your App’s Files”: Complete until first user authentication, the default: “The file is inaccessible until the first time the user unlocks the device. After the first unlocking of the device, the file remains accessible until the device shuts down or reboots”; FileProtectionType.completeUntilFirstUserAuthentication: the file “cannot be accessed until after the device has booted. After the user unlocks the device for the first time, your app can access the file and continue to access it even if the user subsequently locks the device”; FileProtectionType.complete: “cannot be read from or written to while the device is locked or booting”; Apple Platform Security, “Data Protection classes”: Protected Until First User Authentication protects data “from attacks that involve a reboot”"),
            test: "aRestartMakesDefaultClassFilesUnreadableUntilTheFirstUnlock"
        ) { profile in
            "After the device restarts it has not been unlocked since it booted: until the first unlock "
                + "isProtectedDataAvailable is false and only files of class none can be read or written"
                + (profile.fileProtections.contains(.completeUntilFirstUserAuthentication)
                    ? " — not even completeUntilFirstUserAuthentication ones"
                        + (profile.defaultFileProtection == .completeUntilFirstUserAuthentication ? ", the default class" : "")
                    : "")
                + ". Reading or writing one that is refused is a [protected-data-unavailable] diagnostic that says the "
                + "device has not been unlocked since it booted; the first unlock makes every class available."
        },
        Rule(
            "keychain-accessibility",
            origin: .iOS(source: "Apple, kSecAttrAccessibleAfterFirstUnlock (iOS 4): “The data in the keychain item cannot be accessed after a restart until the device has been unlocked once by the user. After the first unlock, the data remains accessible until the next restart. This is recommended for items that need to be accessed by background applications”; kSecAttrAccessibleWhenUnlocked: accessible “only while the device is unlocked by the user”, the default of SecItemAdd; Apple Platform Security, “Keychain data protection classes”: they are the Complete and Protected Until First User Authentication classes; a keychain call refused so returns errSecInteractionNotAllowed (-25308); Apple DTS (Developer Forums thread 682669) confirms the timeline across a restart"),
            test: "keychainItemsFollowTheirAccessibilityAcrossARestart"
        ) { _ in
            "A keychain item of kSecAttrAccessibleWhenUnlocked (the default) can be read and stored only while "
                + "protected data is available; one of kSecAttrAccessibleAfterFirstUnlock from the first unlock after "
                + "boot, locked or not. A refused call fails with errSecInteractionNotAllowed and is a "
                + "[protected-data-unavailable] diagnostic."
        },
        Rule(
            "background-launch-before-first-unlock",
            origin: .model(reason: "Apple does not list which background launches can come before the first unlock after a restart; developers meet them with pushes, location events and background refresh. Here every launch the system makes on its own — a background fetch, a BGTaskScheduler task, a push, a geofence or other location event — can come before it; the restart ends a running app without willTerminate; and a new completeUnlessOpen file cannot be created before the first unlock"),
            test: "aBackgroundLaunchBeforeTheFirstUnlockFindsItsFilesUnavailable"
        ) { _ in
            "A restart ends the app without a word. A background launch before the first unlock finds its "
                + "files unavailable; the app hears applicationProtectedDataDidBecomeAvailable at the first unlock if it "
                + "is still running then."
        },
        Rule(
            "file-protection-default",
            origin: .iOS(source: "Apple Platform Security, “Data Protection classes”: Protected Until First User Authentication “is the default class for all third-party app data not otherwise assigned to a Data Protection class”, from iOS 7 (iOS Security, 2014); FileProtectionType: complete and none from iOS 4, completeUnlessOpen and completeUntilFirstUserAuthentication from iOS 5"),
            test: "aFileWrittenWithoutAClassGetsTheErasDefault"
        ) { profile in
            "A file written without a class gets \(profile.defaultFileProtection.rawValue)"
                + (profile.iOSVersion >= 5 ? "." : "; completeUnlessOpen and completeUntilFirstUserAuthentication came with iOS 5.")
        },
    ]
}
