import Foundation

/// The `[ROUND-TRIPS] [ROUNDS]` arguments of a round-trip benchmark, each a positive whole
/// number; prints the usage line of `tool` and exits with status 2 on anything else.
public struct RoundTripArguments: Sendable {
    public let roundTrips: Int
    public let rounds: Int

    public init(tool: String, defaultRoundTrips: Int, defaultRounds: Int = 3) {
        let numbers = CommandLine.arguments.dropFirst().map { Int($0) }
        guard numbers.count <= 2, numbers.allSatisfy({ ($0 ?? 0) > 0 }) else {
            FileHandle.standardError.write(Data("usage: \(tool) [ROUND-TRIPS] [ROUNDS]\n".utf8))
            exit(2)
        }
        roundTrips = numbers.first.flatMap { $0 } ?? defaultRoundTrips
        rounds = numbers.dropFirst().first.flatMap { $0 } ?? defaultRounds
    }
}
