import BackgroundWire

extension Rule {
    /// The device's conditions (`SystemStateMachine+Conditions.swift`).
    static let conditions: [Rule] = [
        Rule(
            "low-power-mode", eras: 9...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, ProcessInfo.isLowPowerModeEnabled and NSProcessInfoPowerStateDidChange (iOS 9); WWDC 2020 “Background execution demystified” (Low Power Mode)"),
            test: "lowPowerModeDefersFetchesAndTasksAndTellsTheApp"
        ) { _ in
            "In Low Power Mode the system defers background fetches and background tasks; the app can read "
                + "isLowPowerModeEnabled and is told when it changes."
        },
        Rule(
            "thermal-state", eras: 11...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple: ProcessInfo.thermalState (iOS 11) asks apps to reduce work as the device heats; deferring background work at serious and critical is Backgrounder’s model"),
            test: "aSeriousThermalStateDefersBackgroundWork"
        ) { _ in
            "At a serious or critical thermal state background fetches and tasks are deferred; the app can "
                + "read thermalState."
        },
        Rule(
            "critically-low-battery", eras: 7...PolicyProfile.supportedVersions.upperBound,
            origin: .model(reason: "Apple, WWDC 2020 “Background execution demystified”: the first factor the system weighs before giving an app background runtime is a critically low battery, below 20 %, when it keeps to essential work and holds discretionary work back; Apple does not say which APIs wait nor whether charging lifts it, so here background fetches and BGTaskScheduler tasks wait below 20 % on battery power, as they do in Low Power Mode, and a plugged-in device runs them"),
            test: "aCriticallyLowBatteryDefersDiscretionaryWork"
        ) { _ in
            "Below \(DeviceConditions.criticalBatteryLevel) % battery, on battery power, background fetches and "
                + "background tasks wait until the device is plugged in or the battery charges back to "
                + "\(DeviceConditions.criticalBatteryLevel) %."
        },
    ]
}
