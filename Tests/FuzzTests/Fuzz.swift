import Foundation

/// How many inputs each fuzz test feeds its parser, and from which seed: the environment's
/// `BACKGROUNDER_FUZZ_INPUTS` (2000 by default, so that the normal suite stays fast) and
/// `BACKGROUNDER_FUZZ_SEED` (a fixed seed by default, so that a run repeats exactly).
///
/// Each test runs its inputs through ``run(_:body:)``, which prints `fuzz: <name> <count> inputs`
/// for scripts to count.
enum Fuzz {
    static let inputCount = ProcessInfo.processInfo.environment["BACKGROUNDER_FUZZ_INPUTS"].flatMap(Int.init) ?? 2000
    static let seed = ProcessInfo.processInfo.environment["BACKGROUNDER_FUZZ_SEED"].flatMap(UInt64.init) ?? 15

    /// How many inputs a test feeds between two yields of its thread.
    static let yieldInterval = 50

    /// Calls `body` with a generator of its own (the seed mixed with `name`) and the input's
    /// number, ``inputCount`` times; then prints the count. Every ``yieldInterval`` inputs it
    /// lets the suite's other tasks run: the whole suite shares Swift's pool of one thread per
    /// core, and fuzz loops that kept two threads for a minute left every other test's timeout
    /// to run out.
    static func run(_ name: String, body: (inout FuzzGenerator, Int) async throws -> Void) async rethrows {
        var generator = FuzzGenerator(seed: seed ^ stableHash(name))
        for number in 0..<inputCount {
            try await body(&generator, number)
            if number % yieldInterval == yieldInterval - 1 { await Task.yield() }
        }
        print("fuzz: \(name) \(inputCount) inputs")
    }

    /// An input as a Swift literal for a failure message, clipped to 300 characters, with the
    /// seed to replay it.
    static func label(_ number: Int, _ input: [UInt8]) -> String {
        let text = String(decoding: input.prefix(300), as: UTF8.self).debugDescription
        return "input #\(number) (seed \(seed)): \(text)\(input.count > 300 ? "…" : "")"
    }

    /// ``label(_:_:)`` of a string.
    static func label(_ number: Int, _ input: String) -> String {
        label(number, Array(input.utf8))
    }

    /// FNV-1a: the same on every run, unlike `Hasher`.
    private static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
