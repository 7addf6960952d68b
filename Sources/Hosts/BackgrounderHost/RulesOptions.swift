import ArgumentParser
import BackgroundRuntime

/// The options of `rules`: the era, and text or JSON.
public struct RulesOptions: ParsableArguments {
    /// `--ios`.
    @Option(name: .customLong("ios"), help: "The iOS version whose rules to print; 4 to 26.")
    public var iOSVersion = PolicyProfile.default.iOSVersion

    /// `--json`.
    @Flag(help: "Print one JSON array instead of text.")
    public var json = false

    /// The defaults: the default era, as text.
    public init() {}

    /// Refuses an era Backgrounder has no profile for.
    public func validate() throws {
        guard PolicyProfile.supportedVersions.contains(iOSVersion) else {
            throw ValidationError(
                "--ios \(iOSVersion) is not an iOS version Backgrounder knows; choose \(PolicyProfile.supportedVersions.lowerBound) to \(PolicyProfile.supportedVersions.upperBound)")
        }
    }

    /// Prints `book`'s rules of the chosen era.
    public func print(_ book: RuleBook) {
        let profile = PolicyProfile(iOS: iOSVersion) ?? .default
        Swift.print(json ? book.json(for: profile) : book.text(for: profile))
    }
}
