import ArgumentParser
import BackgroundRuntime
import BackgroundWire

/// The options of `app-process`, the app's own process, as the system starts it
/// (``AppProcessArguments``): the iOS era, the session's Info.plist, and the host's wire version,
/// which must be this binary's. Not for people to type.
public struct AppProcessOptions: ParsableArguments, Sendable {
    /// `--ios`.
    @Option(name: .customLong("ios"))
    public var iOSVersion = 10

    /// `--info-plist`.
    @Option public var infoPlist: String?

    /// `--wire`.
    @Option(name: .customLong("wire"))
    public var wireVersion: Int?

    public init() {}

    /// Refuses a host of another wire.
    public func validate() throws {
        if let mismatch = WireVersion.mismatch(hostSpeaks: wireVersion) { throw ValidationError(mismatch) }
    }

    /// The policy profile of `--ios`.
    public var profile: PolicyProfile { PolicyProfile(iOS: iOSVersion) ?? .default }

    /// The Info.plist of `--info-plist`, or the app's own from `bundled`.
    public func loadInfoPlist(bundled: () throws -> InfoPlist) throws -> InfoPlist {
        try infoPlist.map { try InfoPlist(contentsOf: $0) } ?? bundled()
    }
}
