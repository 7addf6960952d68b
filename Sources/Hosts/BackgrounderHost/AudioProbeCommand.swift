import ArgumentParser
import AudioSystem
import Foundation

/// `audio-probe URI`: opens one audio item with GStreamer, as the system's player does when the
/// app queues it, writes what it learned on descriptor 3 and ends: the process the player starts
/// for each item (`ItemProbing.helperProcess`). Not for people to type.
public struct AudioProbeCommand: ParsableCommand, Sendable {
    public static let configuration = CommandConfiguration(
        commandName: ProbeProcess.command, abstract: "Opens an audio item for the system's player.", shouldDisplay: false)

    /// The item's URL.
    @Argument(help: "The item's URL (file://, http://, …).")
    var uri: String

    public init() {}

    public func run() throws {
        var descriptor = stat()
        guard fstat(3, &descriptor) == 0, descriptor.st_mode & S_IFMT == S_IFIFO else {
            throw ValidationError("audio-probe answers on descriptor 3, a pipe the system's player opens for it: it is not for people to type")
        }
        // Only this process holds it: the player reads until it closes, which is this process's end.
        _ = fcntl(3, F_SETFD, FD_CLOEXEC)
        guard ProbeProcess.answer(uri: uri, on: 3) else {
            throw ValidationError("audio-probe \(uri): not a URL, or its answer could not be written")
        }
    }
}
