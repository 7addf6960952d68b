import BackgroundRuntime

/// A request for minutes of deferrable work (a ``BGProcessingTask``), which can wait for the
/// network or external power. Needs `processing` in `UIBackgroundModes`.
open class BGProcessingTaskRequest: BGTaskRequest {
    /// The task runs only while the device has a network connection.
    open var requiresNetworkConnectivity = false
    /// The task runs only while the device is on external power.
    open var requiresExternalPower = false

    public override init(identifier: String) {
        super.init(identifier: identifier)
    }

    override var runtimeRequest: any BackgroundRuntime.TaskRequest {
        var request = BackgroundRuntime.ProcessingTaskRequest(identifier: identifier)
        request.earliestBeginDate = earliestBeginDate
        request.requiresNetworkConnectivity = requiresNetworkConnectivity
        request.requiresExternalPower = requiresExternalPower
        return request
    }
}
