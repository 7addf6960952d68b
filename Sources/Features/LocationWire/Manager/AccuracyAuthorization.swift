/// How precisely the app may know where the device is, like `CLAccuracyAuthorization`
/// (iOS 14 and later; always full before).
public enum AccuracyAuthorization: String, Sendable, Codable {
    /// Precise Location on: fixes as the source gives them.
    case fullAccuracy
    /// Precise Location off: approximate fixes, a few times an hour (see ``ApproximateLocation``).
    case reducedAccuracy
}
