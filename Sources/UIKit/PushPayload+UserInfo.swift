import BackgroundRuntime

extension PushPayload {
    /// The payload as UIKit hands it to the delegate: the JSON object, `aps` and all.
    var userInfo: [AnyHashable: Any] {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]) ?? [:]
    }
}
