import BackgroundWire

/// One rule of background execution as Backgrounder enforces it: what it says in an iOS era,
/// the eras it holds in, where it comes from, and the test that checks it.
///
/// Rules live beside the code that enforces them, one list per concern
/// (`Rule+Assertions.swift`: `extension Rule { static let assertions: [Rule] }`); a
/// ``RuleBook`` gathers them, and `backgrounder rules` prints them.
public struct Rule: Sendable, Identifiable {
    /// A short stable name, e.g. `finite-task-budget`.
    public let id: String
    /// The iOS major versions the rule holds in.
    public let eras: ClosedRange<Int>
    /// Whether it is iOS's behaviour (and its source) or Backgrounder's model (and why).
    public let origin: RuleOrigin
    /// The name of the test function that checks it.
    public let test: String
    private let statement: @Sendable (PolicyProfile) -> String

    /// - Parameters:
    ///   - id: a short stable name.
    ///   - eras: the iOS major versions the rule holds in.
    ///   - origin: iOS's behaviour with its source, or Backgrounder's model with its reason.
    ///   - test: the name of the test function that checks it.
    ///   - statement: the rule in one or two sentences, with the era's numbers.
    public init(
        _ id: String,
        eras: ClosedRange<Int> = PolicyProfile.supportedVersions,
        origin: RuleOrigin,
        test: String,
        statement: @escaping @Sendable (PolicyProfile) -> String
    ) {
        self.id = id
        self.eras = eras
        self.origin = origin
        self.test = test
        self.statement = statement
    }

    /// The rule as it reads under `profile`.
    public func statement(in profile: PolicyProfile) -> String {
        statement(profile)
    }

    /// Whether the rule holds under `profile`.
    public func holds(in profile: PolicyProfile) -> Bool {
        eras.contains(profile.iOSVersion)
    }
}
