@testable import BackgrounderWeb
import Testing

@Suite("Rate limiting of pairing attempts")
struct AttemptLimiterTests {
    @Test func anAddressIsRefusedAfterItsFailuresUntilTheOldestAgesOut() {
        var limiter = AttemptLimiter(maxFailures: 3, window: .seconds(60))
        for second in [0, 10, 20] {
            #expect(limiter.waitTime(for: "10.0.0.1", now: .seconds(second)) == nil)
            limiter.recordFailure(by: "10.0.0.1", now: .seconds(second))
        }
        #expect(limiter.waitTime(for: "10.0.0.1", now: .seconds(30)) == .seconds(30))
        #expect(limiter.waitTime(for: "10.0.0.2", now: .seconds(30)) == nil)
        #expect(limiter.waitTime(for: "10.0.0.1", now: .seconds(59)) == .seconds(1))
        #expect(limiter.waitTime(for: "10.0.0.1", now: .seconds(60)) == nil)
        limiter.recordFailure(by: "10.0.0.1", now: .seconds(61))
        #expect(limiter.waitTime(for: "10.0.0.1", now: .seconds(62)) == .seconds(8))
        #expect(limiter.waitTime(for: "10.0.0.1", now: .seconds(200)) == nil)
        #expect(limiter.trackedAddresses == 0)
    }

    @Test func memoryIsBoundedAndAFullTableFailsClosed() {
        var limiter = AttemptLimiter(maxFailures: 2, window: .seconds(60), maxAddresses: 4)
        for address in 0..<10 {
            for _ in 0..<5 { limiter.recordFailure(by: "10.0.0.\(address)", now: .seconds(1)) }
        }
        #expect(limiter.trackedAddresses == 4)
        #expect(limiter.waitTime(for: "10.0.0.9", now: .seconds(2)) == .seconds(60))
        #expect(limiter.waitTime(for: "10.0.0.0", now: .seconds(2)) == .seconds(59))
        #expect(limiter.waitTime(for: "10.0.0.9", now: .seconds(61)) == nil)
        #expect(limiter.trackedAddresses == 0)
    }
}
