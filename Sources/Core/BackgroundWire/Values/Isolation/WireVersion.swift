/// The version of what crosses between the system's process and the app's: the wire's values
/// and their encoding. The host passes its own to the app's process (`app-process --wire N`) and
/// an app's binary passes its own to the host it starts (`BACKGROUNDER_APP_WIRE_VERSION`), so
/// that a host and an app built from different Backgrounders refuse each other by name instead
/// of failing at the first message neither can read.
///
/// `WireFingerprintTests` fails when the code of a `*Wire` module changes and this number does
/// not: bump it, and record the new fingerprint the test prints.
///
/// A module that reads ``current`` imports BackgroundWire itself, and its target depends on it
/// directly. A release build copies the number into each module that reads it, and rebuilds a
/// module when one of its direct dependencies changes. BackgroundRuntime re-exports this module
/// without changing itself when the number does, so a module that saw the number only through
/// it kept the old one: an incremental release build after a bump made a host that passed
/// `--wire` of the previous version to its own app's process.
public enum WireVersion {
    /// This build's version.
    public static let current = 14

    /// The environment variable with the wire version of the app's binary that started the host.
    public static let appEnvironmentKey = "BACKGROUNDER_APP_WIRE_VERSION"

    /// Why an app built with version ``current`` cannot run on a host that speaks `host` (nil:
    /// a host from before versions were passed), or nil when it can.
    public static func mismatch(hostSpeaks host: Int?) -> String? {
        guard host != current else { return nil }
        guard let host else {
            return "the host passed no wire version: it is older than this app's binary, which speaks Backgrounder's wire version \(current)"
        }
        return "the host speaks Backgrounder's wire version \(host), this app's binary version \(current)"
    }
}
