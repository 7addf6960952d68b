import Benchmark
import Whatever

/// How fast the Whatever tab's engine computes exact Fibonacci numbers: at 40 digits, the
/// values just below its 10^40 limit, and over whole cycles from 1 to 40 digits. The screen
/// needs two a second.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        scalingFactor: .mega,
        maxDuration: .seconds(10),
        maxIterations: 20
    )

    let fortyDigits = firstFortyDigitNumber()

    Benchmark("Fibonacci numbers of 40 digits") { benchmark in
        for _ in benchmark.scaledIterations {
            var sequence = fortyDigits
            sequence.advance()
            blackHole(sequence)
        }
    }

    Benchmark(
        "Fibonacci numbers of 40 digits, with the result message",
        configuration: .init(scalingFactor: .kilo)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            var sequence = fortyDigits
            sequence.advance()
            blackHole(sequence.description)
        }
    }

    Benchmark("Fibonacci numbers over whole cycles, 1 to 40 digits") { benchmark in
        var sequence = FibonacciSequence()
        for _ in benchmark.scaledIterations {
            sequence.advance()
        }
        blackHole(sequence)
    }
}

/// The sequence at its first 40-digit number (position 188), so that the next one has 40 too.
func firstFortyDigitNumber() -> FibonacciSequence {
    var sequence = FibonacciSequence()
    while sequence.current.description.count < 40 { sequence.advance() }
    precondition(sequence.position == 188, "the first 40-digit number is at position \(sequence.position)")
    return sequence
}
