/// The device's power, network and Background App Refresh switch; background work follows at
/// once: a task that needs what was lost expires, waiting work may start (Apple,
/// `BGProcessingTaskRequest.requiresExternalPower` and `requiresNetworkConnectivity`).
extension SystemStateMachine {
    /// Sets one condition, with the console line that says so.
    mutating func setCondition(
        _ condition: WritableKeyPath<DeviceConditions, Bool>, to value: Bool, _ message: String, at moment: Moment
    ) -> [SystemEffect] {
        begin(moment)
        if conditions[keyPath: condition] != value {
            conditions[keyPath: condition] = value
            markChanged()
            log(message)
            expireTasksLackingConditions()
            planBackgroundFetch()
            planTasks()
        }
        return finish()
    }
}
