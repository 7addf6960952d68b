@testable import BackgroundPlatform
import Foundation
import Testing

/// The energy meter reads a thread's CPU time from its `/proc/…/task/TID/stat` line.
@Suite("A thread's stat line")
struct ThreadStatLineTests {
    /// A line as the kernel writes it, with `name` in parentheses and utime and stime as given.
    private static func line(name: String, user: String, system: String) -> [UInt8] {
        Array("4242 (\(name)) S 1 4242 4242 0 -1 4194560 812 0 0 0 \(user) \(system) 0 0 20 0 9 0 1234 0 0\n".utf8)
    }

    @Test func utimeAndStimeAreTheFourteenthAndFifteenthFields() throws {
        let thread = try #require(ThreadUsage.parse(stat: Self.line(name: "app-main", user: "250", system: "50"), id: 4242, ticksPerSecond: 100))
        #expect(thread == ThreadUsage(id: 4242, name: "app-main", cpuSeconds: 3))
    }

    @Test func aNameWithSpacesAndParenthesesEndsAtTheLastParenthesis() throws {
        let thread = try #require(ThreadUsage.parse(stat: Self.line(name: "a) b (c", user: "7", system: "3"), id: 1, ticksPerSecond: 10))
        #expect(thread.name == "a) b (c")
        #expect(thread.cpuSeconds == 1)
    }

    @Test func theRealLineOfThisThreadReads() throws {
        let id = ThreadUsage.currentThreadID
        let stat = try Data(contentsOf: URL(fileURLWithPath: "/proc/self/task/\(id)/stat"))
        let thread = try #require(ThreadUsage.parse(stat: stat, id: id, ticksPerSecond: 100))
        #expect(ThreadUsage.threadsOfThisProcess().contains { $0.id == id && $0.name == thread.name })
    }

    @Test(arguments: [
        "4242 (x) S 1 2 3", "4242 x S 1 2 3 4 5 6 7 8 9 10 11 12", "4242 (x) S 1 4242 4242 0 -1 4194560 812 0 0 0 2a5 50 0",
        "4242 (x) S 1 4242 4242 0 -1 4194560 812 0 0 0 250 -50 0", "4242 (x) S 1 4242 4242 0 -1 4194560 812 0 0 0 9999999999999999999 1 0",
        ")4242 (x S 1 4242 4242 0 -1 4194560 812 0 0 0 250 50 0", "",
    ])
    func aLineThatIsNotAStatLineIsNoThread(line: String) {
        #expect(ThreadUsage.parse(stat: Array(line.utf8), id: 1, ticksPerSecond: 100) == nil)
    }
}
