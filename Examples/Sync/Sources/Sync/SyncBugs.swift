/// The classic mistakes of background code, which ``SyncApp`` makes on purpose when asked, so
/// that its tests show how Backgrounder catches each one.
public struct SyncBugs: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The downloads' background task is never ended, not even by its expiration handler.
    public static let leakAssertion = SyncBugs(rawValue: 1)
    /// The background fetch never calls its completion handler.
    public static let forgetFetchCompletion = SyncBugs(rawValue: 2)
    /// The expiration handler returns without stopping: the downloads go on and end the
    /// background task later.
    public static let workAfterExpiration = SyncBugs(rawValue: 4)
}
