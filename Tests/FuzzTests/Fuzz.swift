import Foundation
import Testing

/// How many inputs each fuzz test feeds its parser, and from which seed: the environment's
/// `BACKGROUNDER_FUZZ_INPUTS` (2000 by default, so that the normal suite stays fast) and
/// `BACKGROUNDER_FUZZ_SEED` (a fixed seed by default, so that a run repeats exactly).
///
/// Each test runs its inputs through ``run(_:body:)``, which requires every input's output to
/// be checked against the input's size (``expectBounded(_:byInput:times:plus:_:sourceLocation:)``)
/// and prints `fuzz: <name> <count> inputs, <count> with bounded output` for scripts to count.
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
    ///
    /// Every input's output must be checked against its size at least once: an input the body
    /// gave no ``expectBounded(_:byInput:times:plus:_:sourceLocation:)`` fails the test.
    static func run(_ name: String, body: (inout FuzzGenerator, Int) async throws -> Void) async rethrows {
        var generator = FuzzGenerator(seed: seed ^ stableHash(name))
        let bounds = FuzzBoundChecks()
        try await $boundChecks.withValue(bounds) {
            for number in 0..<inputCount {
                bounds.begin(number)
                try await body(&generator, number)
                if number % yieldInterval == yieldInterval - 1 { await Task.yield() }
            }
        }
        #expect(bounds.checkedCount == inputCount, "\(name): \(inputCount - bounds.checkedCount) inputs' output never checked against their size")
        print("fuzz: \(name) \(inputCount) inputs, \(bounds.checkedCount) with bounded output")
    }

    /// The bound checks of the ``run(_:body:)`` running now.
    @TaskLocal private static var boundChecks: FuzzBoundChecks?

    /// Expects `output` — the size of what a parser made of one input: a value's bytes, a
    /// list's length, an error message's bytes — to be at most `factor` × `input` + `constant`,
    /// so that no input makes the output grow faster than the input itself (an error that
    /// quotes the whole input, a list that repeats it, a buffer that keeps it). Counts as the
    /// current input's bound check.
    static func expectBounded(
        _ output: Int, byInput input: Int, times factor: Int = 1, plus constant: Int = 0, _ context: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        boundChecks?.check()
        #expect(
            output <= factor * input + constant,
            "output of \(output) for an input of \(input): over \(factor) × \(input) + \(constant); \(context.rawValue)",
            sourceLocation: sourceLocation)
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
