/// An API, framework or feature that exists only in some eras of iOS: the version it came with
/// and, for a few, the first version without it.
///
/// The ``AvailableAPI`` table (its static members, listed in ``all``) is the one place these
/// versions are written: ``PolicyProfile``'s `has…` values, the runtime's `[unavailable-api]`
/// reports and the Apple-named frameworks all read it.
public struct AvailableAPI: Sendable, Hashable {
    /// How reports name it: "BGTaskScheduler", "background fetch".
    public let name: String
    /// The iOS version it came with, as Apple writes it: "13", "8.2".
    public let introduced: String
    /// The first iOS version without it, for an API that went.
    public let removed: Int?
    /// Where the versions come from.
    public let source: String

    init(_ name: String, introduced: String, removed: Int? = nil, source: String) {
        self.name = name
        self.introduced = introduced
        self.removed = removed
        self.source = source
    }

    /// The first major version that has it: 8 for "8.2", since a profile stands for a major
    /// version.
    public var firstVersion: Int { Int(introduced.prefix { $0 != "." }) ?? 0 }

    /// Whether it exists in iOS `version`.
    public func exists(inIOS version: Int) -> Bool {
        version >= firstVersion && removed.map { version < $0 } ?? true
    }

    /// Why it does not exist in iOS `version`, as reports say it: "came with iOS 13", or "was
    /// removed in iOS 17" for a version after it went.
    public func history(inIOS version: Int) -> String {
        if let removed, version >= removed { return "was removed in iOS \(removed)" }
        return "came with iOS \(introduced)"
    }

    /// The API and when it came or went, as reports say it: "PushKit came with iOS 8".
    public func absence(inIOS version: Int) -> String { "\(name) \(history(inIOS: version))" }
}
