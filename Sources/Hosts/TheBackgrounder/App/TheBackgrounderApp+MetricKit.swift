import BackgroundRuntime

/// MetricKit: TheBackgrounder logs each day's payload, as an app would upload it.
extension TheBackgrounderApp: MetricManagerSubscriber {
    public func didReceive(_ payloads: [MetricPayload]) {
        for payload in payloads {
            application.logger.info("MetricKit payload: \(payload.jsonRepresentation())")
        }
    }
}
