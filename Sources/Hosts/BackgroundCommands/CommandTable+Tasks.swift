import BackgroundRuntime

extension CommandTable {
    /// Background fetch and `BGTaskScheduler`, with Xcode's debugging hooks.
    public static var tasks: [Command<Host>] {
        [
            Command(
                "fetch simulate",
                help: "Debug ▸ Simulate Background Fetch: send the app to the background (launch it if needed) and fetch it now."
            ) { host, _ in
                host.device.backgroundFetch.simulate()
                return .done
            },
            Command("bgtask list", help: "List the pending and running BGTaskScheduler tasks as one line of JSON.") { host, _ throws(CommandError) in
                let device = host.device
                guard device.profile.hasBackgroundTaskScheduler else {
                    throw .refused(TaskSimulationError.unavailable(profile: device.profile.name).description)
                }
                return .output(TaskListing(pending: device.taskScheduler.pendingTaskRequests, running: device.taskScheduler.runningTaskIdentifiers).json)
            },
            taskSimulation(
                "bgtask simulate-launch",
                help: "Launch the pending task ID now, as Xcode's _simulateLaunchForTaskWithIdentifier: does."
            ) { device, identifier throws(TaskSimulationError) in try device.taskScheduler.simulateLaunchOfTask(identifier: identifier) },
            taskSimulation(
                "bgtask simulate-expiration",
                help: "Expire the running task ID now, as Xcode's _simulateExpirationForTaskWithIdentifier: does."
            ) { device, identifier throws(TaskSimulationError) in try device.taskScheduler.simulateExpirationOfTask(identifier: identifier) },
        ]
    }

    /// A command that runs one of Xcode's task hooks on the task ID.
    private static func taskSimulation(
        _ name: String, help: String,
        _ hook: @escaping @Sendable (Device, String) throws(TaskSimulationError) -> Void
    ) -> Command<Host> {
        Command(name, arguments: "ID", arity: 1...1, help: help) { host, arguments throws(CommandError) in
            do throws(TaskSimulationError) {
                try hook(host.device, arguments[0])
            } catch {
                throw .refused(error.description)
            }
            return .done
        }
    }
}
