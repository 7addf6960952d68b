import BackgroundWire
import Foundation

/// The rules a system enforces, for one era at a time: what `backgrounder rules` prints and
/// the web UI shows.
public struct RuleBook: Sendable {
    /// Every rule, whatever its era, in the order given.
    public let rules: [Rule]

    public init(_ rules: [Rule]) {
        self.rules = rules
    }

    /// The runtime's own rules (lifecycle, assertions, suspension, fetch, tasks, keep-alive,
    /// notifications, pushes, the Info.plist, the device's conditions, Now Playing and remote
    /// commands, Data Protection, scenes, background URL sessions).
    public static let runtime = RuleBook(
        Rule.lifecycle + Rule.assertions + Rule.suspension + Rule.backgroundFetch + Rule.taskScheduler
            + Rule.continuedProcessing + Rule.keepAlive + Rule.notifications + Rule.push + Rule.infoPlist + Rule.conditions
            + Rule.nowPlaying + Rule.resourceLimits + Rule.isolation + Rule.dataProtection + Rule.scenes + Rule.urlSession)

    /// This book followed by `other`'s rules.
    public func adding(_ other: RuleBook) -> RuleBook {
        RuleBook(rules + other.rules)
    }

    /// The rules that hold under `profile`.
    public func rules(in profile: PolicyProfile) -> [Rule] {
        rules.filter { $0.holds(in: profile) }
    }

    /// The rules of `profile` as text, a paragraph each.
    public func text(for profile: PolicyProfile) -> String {
        let rules = rules(in: profile)
        let models = rules.count { $0.origin.kind == "model" }
        var lines = ["Rules of \(profile.name): \(rules.count), of which \(models) are Backgrounder's model", ""]
        for rule in rules {
            lines.append("[\(rule.origin.kind)] \(rule.id) (\(Self.eraText(rule.eras)))")
            lines.append("  \(rule.statement(in: profile))")
            switch rule.origin {
            case .iOS(let source): lines.append("  source: \(source)")
            case .model(let reason): lines.append("  model: \(reason)")
            }
            lines.append("  test: \(rule.test)")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The rules of `profile` as one JSON array.
    public func json(for profile: PolicyProfile) -> String {
        let entries = rules(in: profile).map { rule in
            RuleEntry(
                id: rule.id, statement: rule.statement(in: profile), eras: Self.eraText(rule.eras),
                origin: rule.origin.kind, source: rule.origin.detail, test: rule.test)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(entries)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// `iOS 4–26`, `iOS 13 and later`, `iOS 7`.
    static func eraText(_ eras: ClosedRange<Int>) -> String {
        if eras.lowerBound == eras.upperBound { return "iOS \(eras.lowerBound)" }
        if eras.upperBound == PolicyProfile.supportedVersions.upperBound { return "iOS \(eras.lowerBound) and later" }
        return "iOS \(eras.lowerBound)–\(eras.upperBound)"
    }
}
