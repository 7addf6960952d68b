import BackgroundRuntime
import Testing
import VoIP
import VoIPSystem

@Suite("Exponential backoff with full jitter")
struct ReconnectBackoffTests {
    @Test func theCeilingDoublesFromTheBaseUpToTheCap() {
        let backoff = ReconnectBackoff(base: .milliseconds(500), cap: .seconds(30))
        #expect((0..<9).map { backoff.ceiling(forAttempt: $0) } == [
            .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30),
            .seconds(30), .seconds(30),
        ])
        #expect(backoff.ceiling(forAttempt: 10_000) == .seconds(30))
        #expect(backoff.ceiling(forAttempt: Int.max) == .seconds(30))
    }

    @Test func delaysAreSpreadOverTheWholeRangeAndRepeatWithTheSeed() {
        let backoff = ReconnectBackoff(base: .seconds(1), cap: .seconds(60))
        var first = SeededRandom(seed: 7), second = SeededRandom(seed: 7)
        let delays = (0..<2_000).map { _ in backoff.delay(forAttempt: 3, using: &first) }
        #expect(delays == (0..<2_000).map { _ in backoff.delay(forAttempt: 3, using: &second) })
        #expect(delays.allSatisfy { $0 >= .zero && $0 <= .seconds(8) })
        #expect(delays.min()! < .seconds(1))
        #expect(delays.max()! > .seconds(7))
        #expect(Set(delays).count > 1_900)
    }
}
