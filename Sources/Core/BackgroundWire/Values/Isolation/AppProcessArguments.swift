/// The command line the system starts the app's own process with, `app-process --ios N
/// [--info-plist PATH] --wire V`, which the app's binary reads back. Not for people to type.
public struct AppProcessArguments: Sendable, Equatable {
    /// The subcommand that marks the app's own process.
    public static let command = "app-process"

    /// The iOS version of the session's policy profile.
    public var iOSVersion: Int
    /// The Info.plist the session runs with, when `--info-plist` named one; else the app's own.
    public var infoPlist: String?
    /// The host's ``WireVersion``; nil when the host wrote none (one from before versions).
    public var wireVersion: Int?

    public init(iOSVersion: Int, infoPlist: String?, wireVersion: Int? = WireVersion.current) {
        self.iOSVersion = iOSVersion
        self.infoPlist = infoPlist
        self.wireVersion = wireVersion
    }

    /// Reads `arguments` (the executable's name left out); nil unless they are these arguments.
    public init?(parsing arguments: [String]) {
        guard arguments.first == Self.command, arguments.count % 2 == 1 else { return nil }
        var iOSVersion: Int?
        var infoPlist: String?
        var wireVersion: Int?
        for index in stride(from: 1, to: arguments.count, by: 2) {
            switch arguments[index] {
            case "--ios": iOSVersion = Int(arguments[index + 1])
            case "--info-plist": infoPlist = arguments[index + 1]
            case "--wire":
                guard let version = Int(arguments[index + 1]) else { return nil }
                wireVersion = version
            default: return nil
            }
        }
        guard let iOSVersion else { return nil }
        self.init(iOSVersion: iOSVersion, infoPlist: infoPlist, wireVersion: wireVersion)
    }

    /// The arguments, the executable's name left out.
    public var arguments: [String] {
        [Self.command, "--ios", "\(iOSVersion)"] + (infoPlist.map { ["--info-plist", $0] } ?? [])
            + (wireVersion.map { ["--wire", "\($0)"] } ?? [])
    }
}
