import AudioSystem
import AudioWire
import Foundation
import TestSupport
import Testing

/// The system's player opens each queued item in a process of the binary's `audio-probe`
/// (`ItemProbing.helperProcess`): it learns what the player would learn in its own process,
/// and a probe that crashes, hangs or lies fails or gives up on the item, never the system.
@Suite("Audio items opened in a process of their own", .temporaryDirectory)
struct AudioProbeProcessTests {
    private let tracks = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Features/Audio/Resources/Tracks").standardizedFileURL

    /// A stand-in for the binary: a shell that does `body` whatever it is asked.
    private func standIn(_ body: String, deadline: Duration = ProbeProcess.defaultDeadline) -> ProbeProcess {
        ProbeProcess(command: ["/bin/sh", "-c", body], deadline: deadline)
    }

    /// The item's failure, if the probe failed it.
    private static func failure(of result: Result<Duration?, PlayerItemError>?) -> PlayerItemError? {
        guard case .failure(let error)? = result else { return nil }
        return error
    }

    @Test(arguments: ["IronBacon.mp3", "FeelinGood.mp3", "missing.mp3", "garbage.mp3"])
    func theBinaryLearnsWhatThePlayerLearnsInItsOwnProcess(name: String) throws {
        let url: URL
        if name == "garbage.mp3" {
            url = TestTemporaryDirectory.make("garbage").appendingPathComponent(name)
            try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: url)
        } else {
            url = tracks.appendingPathComponent(name)
        }
        let inProcess = ItemProbing.inProcess.probe(MediaItem(url: url))
        let helper = ItemProbing.helperProcess(executable: backgrounderPath).probe(MediaItem(url: url))
        #expect(helper == inProcess)
        switch (name, helper) {
        case ("missing.mp3", .failure(let error)?): #expect(error.reason == .notFound)
        case ("garbage.mp3", .failure(let error)?): #expect(error.reason == .undecodable)
        case (_, .success(let duration?)?): #expect(duration > .seconds(10))
        default: Issue.record("\(name): \(String(describing: helper))")
        }
    }

    @Test func aProbeThatCrashesFailsTheItemWithItsSignal() throws {
        let probe = standIn("kill -SEGV $$")
        let result = probe.probe(MediaItem(url: tracks.appendingPathComponent("IronBacon.mp3")))
        let error = try #require(Self.failure(of: result), "\(String(describing: result))")
        #expect(error.reason == .other)
        #expect(error.detail.contains("signal \(SIGSEGV)"), "\(error.detail)")
    }

    @Test func aProbeThatHangsIsKilledAtItsDeadlineAndTheItemLeftToPlaying() throws {
        let pidFile = TestTemporaryDirectory.make("pid").appendingPathComponent("pid")
        let probe = standIn("echo $$ > \(pidFile.path); exec sleep 600", deadline: .milliseconds(500))
        #expect(probe.probe(MediaItem(url: tracks.appendingPathComponent("IronBacon.mp3"))) == nil)
        // Killed and reaped: no process has its number any more.
        let pid = try #require(Int32(String(decoding: try Data(contentsOf: pidFile), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test(arguments: ["echo nonsense >&3", "head -c 100000 /dev/zero >&3; exec sleep 600", "exit 3"])
    func aProbeThatAnswersNothingOfUseFailsTheItemSayingSo(body: String) throws {
        let probe = standIn(body)
        let result = probe.probe(MediaItem(url: tracks.appendingPathComponent("IronBacon.mp3")))
        let error = try #require(Self.failure(of: result), "\(body): \(String(describing: result))")
        #expect(error.reason == .other)
        #expect(error.detail.contains("no answer"), "\(error.detail)")
    }

    @Test func aBinaryThatCannotStartFailsTheItem() throws {
        let probe = ProbeProcess(command: ["/nonexistent/backgrounder"])
        let result = probe.probe(MediaItem(url: tracks.appendingPathComponent("IronBacon.mp3")))
        let error = try #require(Self.failure(of: result), "\(String(describing: result))")
        #expect(error.detail.contains("cannot start /nonexistent/backgrounder audio-probe"), "\(error.detail)")
    }

    @Test func typedByAPersonItSaysWhatItIsFor() async throws {
        // Started as from a shell, without a descriptor 3.
        let run = try await InteractiveProcess.run(
            "/bin/sh", ["-c", #"exec "$0" audio-probe file:///x.mp3 3>&-"#, backgrounderPath], input: "")
        #expect(run.status != 0)
        #expect(run.stderr.contains("audio-probe answers on descriptor 3"))
    }
}
