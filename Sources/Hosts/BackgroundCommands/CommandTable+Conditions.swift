import BackgroundRuntime

extension CommandTable {
    /// The device's conditions that background work depends on.
    public static var conditions: [Command<Host>] {
        [
            Command("device power", arguments: "external|battery", arity: 1...1, help: "Plug the device in, or unplug it.") { host, arguments throws(CommandError) in
                host.device.conditions.setExternalPower(try arguments.value(0, as: PowerSource.self) == .external)
                return .done
            },
            Command(
                "device battery", arguments: "PERCENT", arity: 1...1,
                help: "Set the battery's charge, 0 to 100 %: below 20 %, on battery power, background fetches and tasks wait."
            ) { host, arguments throws(CommandError) in
                host.device.conditions.setBatteryLevel(try arguments.value(0, as: BatteryLevel.self).percent)
                return .done
            },
            Command("device network", arguments: "online|offline", arity: 1...1, help: "Bring the device's network up or down.") { host, arguments throws(CommandError) in
                host.device.conditions.setNetworkConnectivity(try arguments.value(0, as: NetworkState.self) == .online)
                return .done
            },
            Command(
                "device background-refresh", arguments: "on|off|restricted", arity: 1...1,
                help: "Turn Settings ▸ Background App Refresh on or off, or restrict it (parental controls)."
            ) { host, arguments throws(CommandError) in
                let setting = try arguments.value(0, as: RefreshSetting.self)
                host.device.conditions.setBackgroundAppRefresh(restricted: setting == .restricted)
                if setting != .restricted { host.device.conditions.setBackgroundAppRefresh(enabled: setting == .on) }
                return .done
            },
            Command(
                "device background-refresh-app", arguments: "on|off", arity: 1...1,
                help: "Turn the app's own switch under Settings ▸ General ▸ Background App Refresh on or off: off, the app "
                    + "is neither fetched nor woken for background pushes, and its background tasks do not run."
            ) { host, arguments throws(CommandError) in
                host.device.conditions.setBackgroundAppRefreshForApp(enabled: try arguments.value(0, as: OnOff.self) == .on)
                return .done
            },
            Command(
                "device focus", arguments: "on|off", arity: 1...1,
                help: "Turn a Focus on or off (Do Not Disturb before iOS 15): notifications that are neither time sensitive "
                    + "nor critical go quietly to Notification Center; status says why each was held."
            ) { host, arguments throws(CommandError) in
                host.device.conditions.setFocus(try arguments.value(0, as: OnOff.self) == .on)
                return .done
            },
            Command(
                "device low-power", arguments: "on|off", arity: 1...1,
                help: "Turn Low Power Mode on or off (iOS 9 and later): background fetches and tasks wait while it is on."
            ) { host, arguments throws(CommandError) in
                let enabled = try arguments.value(0, as: OnOff.self) == .on
                guard host.device.profile.hasLowPowerMode else {
                    throw arguments.failure("\(host.device.profile.absence(of: .lowPowerMode)); this is \(host.device.profile.name)")
                }
                host.device.conditions.setLowPowerMode(enabled)
                return .done
            },
            Command(
                "device thermal", arguments: "nominal|fair|serious|critical", arity: 1...1,
                help: "Set how hot the device runs (iOS 11 and later): at serious and critical background work waits."
            ) { host, arguments throws(CommandError) in
                let state = try arguments.value(0, as: ThermalState.self)
                guard host.device.profile.hasThermalState else {
                    throw arguments.failure("\(host.device.profile.absence(of: .thermalState)); this is \(host.device.profile.name)")
                }
                host.device.conditions.setThermalState(state)
                return .done
            },
            Command(
                "device lock",
                help: "Press the side button: the screen locks, an app on screen enters the background, and the idle device may run processing tasks."
            ) { host, _ in
                host.device.conditions.lockScreen()
                return .done
            },
            Command(
                "device stop-task", arguments: "[ID]", arity: 0...1,
                help: "Tap Stop in the Live Activity of continued processing task ID (the first running one unless given): its expiration handler runs."
            ) { host, arguments throws(CommandError) in
                let device = host.device
                guard let identifier = arguments.count > 0
                    ? arguments[0] : device.taskScheduler.continuedProcessingActivities.first(where: { $0.state == .running })?.identifier
                else { throw arguments.failure("no continued processing task is running") }
                guard device.taskScheduler.stopContinuedTask(identifier: identifier) else {
                    throw arguments.failure("no continued processing task \(identifier) is running")
                }
                return .done
            },
            Command(
                "device unlock",
                help: "Unlock the screen: the device is in use again, and running processing tasks expire; after a reboot, the first unlock makes the app's files readable."
            ) { host, _ in
                host.device.conditions.unlockScreen()
                return .done
            },
            Command(
                "device reboot",
                help: "Restart the device: the app is ended, and the device comes back locked and not unlocked since it booted, so a background launch finds even the app's default-class files unreadable until device unlock."
            ) { host, _ in
                host.device.conditions.restart()
                return .done
            },
        ]
    }
}
