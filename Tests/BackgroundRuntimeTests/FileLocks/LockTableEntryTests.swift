@testable import BackgroundApp
@testable import BackgroundPlatform
@testable import BackgroundRuntime
@testable import BackgroundSystem
@testable import BackgroundWire
import Testing

@Suite("The kernel's lock table, /proc/locks")
struct LockTableEntryTests {
    @Test func heldLocksAreReadAndWaitersLeasesAndGarbageSkipped() {
        let table = """
            1: POSIX  ADVISORY  WRITE 4242 08:01:1234567 0 EOF
            1: -> POSIX  ADVISORY  WRITE 4343 08:01:1234567 0 EOF
            2: FLOCK  ADVISORY  READ 4242 00:2e:98 0 EOF
            3: OFDLCK ADVISORY  WRITE -1 fd:00:77 0 EOF
            4: LEASE  ACTIVE    READ 4242 08:01:55 0 EOF
            5: FLOCK  ADVISORY  WRITE 4242 08:01
            6: FLOCK  ADVISORY  WRITE 42x2 08:01:9 0 EOF
            garbage \u{0} line
            7: POSIX  ADVISORY  OPEN 4242 08:01:9 0 EOF
            """
        #expect(LockTableEntry.entries(of: table).map { "\($0.kind.rawValue) \($0.isExclusive) \($0.pid) \($0.device.major):\($0.device.minor):\($0.device.inode)" } == [
            "posix true 4242 8:1:1234567",
            "flock false 4242 0:46:98",
            "ofd true -1 253:0:77",
        ])
    }

    @Test func anEmptyOrCutTableHasNoLocks() {
        #expect(LockTableEntry.entries(of: "").isEmpty)
        #expect(LockTableEntry.entries(of: "1: POSIX  ADVISORY  WRI").isEmpty)
    }
}
