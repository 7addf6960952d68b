import BigInt
import Testing
import Whatever

@Suite("The Fibonacci engine: exact numbers below 10^40, then start over")
struct FibonacciSequenceTests {
    /// Known Fibonacci numbers by their place in the engine: position N holds F(N + 1)
    /// (1, 2, 3, 5, 8, …), as the tutorial starts at previous = current = 1.
    static let known: [Int: String] = [
        1: "1", 2: "2", 3: "3", 4: "5", 5: "8", 11: "144", 12: "233",
        49: "12586269025",  // F(50)
        99: "354224848179261915075",  // F(100)
        192: "9663391306290450775010025392525829059713",  // F(193), the largest below 10^40
    ]

    @Test func startsAtPositionOneWithOne() {
        let sequence = FibonacciSequence()
        #expect(sequence.position == 1)
        #expect(sequence.current == 1)
        #expect(sequence.previous == 1)
        #expect(sequence.description == "Position 1 = 1")
    }

    @Test func everyValueUpToTheResetIsTheFibonacciNumber() {
        var reference = DecimalFibonacci()
        var sequence = FibonacciSequence()
        var checkedKnown = 0
        repeat {
            #expect(sequence.position == reference.position)
            #expect(sequence.current.description == reference.current, "position \(sequence.position)")
            if let value = Self.known[sequence.position] {
                #expect(sequence.current.description == value)
                checkedKnown += 1
            }
            sequence.advance()
            reference.advance()
        } while sequence.position != 1
        #expect(reference.position == 193)
        #expect(reference.current.count == 41, "the number it refused has 41 digits: \(reference.current)")
        #expect(checkedKnown == Self.known.count)
    }

    @Test func theLastNumbersHaveFortyDigitsAndAreExact() {
        var sequence = FibonacciSequence()
        var fortyDigit: [String] = []
        while sequence.position < 192 {
            sequence.advance()
            if sequence.current.description.count == 40 { fortyDigit.append(sequence.current.description) }
        }
        #expect(fortyDigit.count == 5)
        #expect(fortyDigit.first == "1409869790947669143312035591975596518914")
        #expect(sequence.description == "Position 192 = 9663391306290450775010025392525829059713")
        #expect(sequence.current < FibonacciSequence.limit)
        #expect(sequence.current + sequence.previous >= FibonacciSequence.limit)
    }

    @Test func afterTheLimitItStartsOverAndRepeats() {
        var sequence = FibonacciSequence()
        var firstCycle: [String] = []
        repeat {
            firstCycle.append(sequence.description)
            sequence.advance()
        } while sequence.position != 1
        #expect(sequence == FibonacciSequence())
        for expected in firstCycle {
            #expect(sequence.description == expected)
            sequence.advance()
        }
        #expect(firstCycle.count == 192)
    }

    @Test func theLimitIsTenToTheFortieth() {
        #expect(FibonacciSequence.limit.description == "1" + String(repeating: "0", count: 40))
    }
}
