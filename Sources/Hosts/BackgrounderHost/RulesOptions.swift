import ArgumentParser
import BackgroundRuntime
import Foundation

/// The options of `rules`: the era, the rules or the availability table (`--apis`), and text or JSON.
public struct RulesOptions: ParsableArguments {
    /// `--ios`.
    @Option(name: .customLong("ios"), help: "The iOS version whose rules to print; 4 to 26.")
    public var iOSVersion = PolicyProfile.default.iOSVersion

    /// `--json`.
    @Flag(help: "Print one JSON array instead of text.")
    public var json = false

    /// `--apis`.
    @Flag(help: "Print the era's availability table instead: each API, whether it exists, when it came (and went), and the source.")
    public var apis = false

    /// The defaults: the default era, as text.
    public init() {}

    /// Refuses an era Backgrounder has no profile for.
    public func validate() throws {
        guard PolicyProfile.supportedVersions.contains(iOSVersion) else {
            throw ValidationError(
                "--ios \(iOSVersion) is not an iOS version Backgrounder knows; choose \(PolicyProfile.supportedVersions.lowerBound) to \(PolicyProfile.supportedVersions.upperBound)")
        }
    }

    /// Prints `book`'s rules of the chosen era, or with `--apis` the availability table's.
    public func print(_ book: RuleBook) {
        let profile = PolicyProfile(iOS: iOSVersion) ?? .default
        if apis {
            Swift.print(json ? Self.availabilityJSON(for: profile) : Self.availabilityText(for: profile))
        } else {
            Swift.print(json ? book.json(for: profile) : book.text(for: profile))
        }
    }

    /// `APIs of iOS 12: 22 of 28 exist`, then each API: `✓ PushKit: iOS 8 and later` or
    /// `✗ BGTaskScheduler: came with iOS 13`, with its source.
    static func availabilityText(for profile: PolicyProfile) -> String {
        let existing = AvailableAPI.all.filter(profile.has)
        var lines = ["APIs of \(profile.name): \(existing.count) of \(AvailableAPI.all.count) exist"]
        for api in AvailableAPI.all {
            let era = api.removed.map { "iOS \(api.introduced) to \($0 - 1)" } ?? "iOS \(api.introduced) and later"
            lines.append(profile.has(api) ? "✓ \(api.name): \(era)" : "✗ \(api.name): \(profile.history(of: api))")
            lines.append("  source: \(api.source)")
        }
        return lines.joined(separator: "\n")
    }

    /// One JSON array: each API's name, introduced, removed (or null), exists and source.
    static func availabilityJSON(for profile: PolicyProfile) -> String {
        let entries: [[String: Any]] = AvailableAPI.all.map { api in
            ["name": api.name, "introduced": api.introduced, "removed": api.removed.map { $0 as Any } ?? NSNull(),
             "exists": profile.has(api), "source": api.source]
        }
        let data = (try? JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
