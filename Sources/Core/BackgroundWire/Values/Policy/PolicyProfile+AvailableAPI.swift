/// An era's APIs, read from ``AvailableAPI``'s table.
extension PolicyProfile {
    /// Whether `api` exists in this era.
    public func has(_ api: AvailableAPI) -> Bool { api.exists(inIOS: iOSVersion) }

    /// When `api` came or went, as reports say it: "came with iOS 13".
    public func history(of api: AvailableAPI) -> String { api.history(inIOS: iOSVersion) }

    /// The API and when it came or went, as reports say it: "PushKit came with iOS 8".
    public func absence(of api: AvailableAPI) -> String { api.absence(inIOS: iOSVersion) }
}
