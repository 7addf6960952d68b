import AudioWire
import CProcessControl
import Foundation

/// One item opened in a process of its own: the executable's `audio-probe` command (its
/// ``command``), started with the item's URI, runs ``ItemProbe`` and writes its
/// ``ProbeAnswer`` on its descriptor 3, a pipe this process reads, then ends. A probe that
/// crashes fails the item, not the system; one that does not end in ``deadline`` is killed,
/// and the player learns the item's duration by playing it.
package struct ProbeProcess {
    /// The command of the binary that probes.
    package static let command = "audio-probe"
    /// How long a probe may take by default: ``ItemProbe``'s own limits (5 s to open, 5 s more
    /// for the duration, 1 s for a late error) and its process's start, with room to spare.
    package static let defaultDeadline: Duration = .seconds(30)
    /// The most an answer may be: a longer one is not the probe's.
    static let answerLimit = 64 << 10

    /// The program and the arguments before `audio-probe URI`: the binary alone, or a stand-in.
    let command: [String]
    /// How long the probe may take before it is killed.
    let deadline: Duration

    package init(command: [String], deadline: Duration = defaultDeadline) {
        self.command = command
        self.deadline = deadline
    }

    /// The item's duration (nil if its format does not tell), its failure, or nil when it did
    /// not open in time.
    package func probe(_ item: MediaItem) -> Result<Duration?, PlayerItemError>? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return failure(item, "pipe: \(Self.lastError)") }
        defer { close(ends[0]) }
        // Not in the processes other threads start; the probe gets its end as descriptor 3.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let words = command + [Self.command, item.url.absoluteString]
        let argv = words.map { strdup($0) } + [nil]
        var pid: Int32 = 0
        let error = backgrounder_spawn(words[0], argv, input, ends[1], &pid)
        argv.forEach { free($0) }
        close(ends[1])
        if input >= 0 { close(input) }
        guard error == 0 else { return failure(item, "cannot start \(words[0]) \(Self.command): \(String(cString: strerror(error)))") }
        let (answer, ended) = Self.read(ends[0], until: .now + deadline)
        // A probe that has not closed its end may never end by itself.
        if !ended { kill(pid, SIGKILL) }
        var status: Int32 = 0
        var signal: Int32 = 0
        _ = backgrounder_wait_for_exit(pid, &status, &signal)
        if let decoded = try? JSONDecoder().decode(ProbeAnswer.self, from: answer) { return decoded.result(for: item) }
        if !ended, answer.count <= Self.answerLimit { return nil }
        if signal != 0, ended { return failure(item, "its probe ended with signal \(signal) (\(String(cString: strsignal(signal))))") }
        return failure(item, "its probe answered \(answer.count) bytes that are no answer (\(ended ? "exit status \(status)" : "cut off"))")
    }

    /// What the probe wrote, and whether it closed its end: until it does, `deadline` passes
    /// or it has written more than ``answerLimit``.
    private static func read(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> (Data, ended: Bool) {
        var answer = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while answer.count <= answerLimit {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(clamping: left.nanoseconds / 1_000_000 + 1))
            if polled < 0, errno == EINTR { continue }
            guard polled > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return (answer, count == 0) }
            answer.append(contentsOf: chunk[..<count])
        }
        return (answer, false)
    }

    private func failure(_ item: MediaItem, _ detail: String) -> Result<Duration?, PlayerItemError> {
        .failure(PlayerItemError(item: item.name, reason: .other, detail: detail))
    }

    private static var lastError: String { String(cString: strerror(errno)) }

    /// The `audio-probe` command's work: opens the item at `uri` and writes the answer on
    /// `descriptor`. False when `uri` is no URL or the answer could not be written.
    package static func answer(uri: String, on descriptor: Int32) -> Bool {
        guard let url = URL(string: uri), url.scheme != nil else { return false }
        guard let answer = try? JSONEncoder().encode(ProbeAnswer(ItemProbe.probe(MediaItem(url: url)))) else { return false }
        return answer.withUnsafeBytes { bytes in
            var rest = bytes
            while !rest.isEmpty {
                let written = write(descriptor, rest.baseAddress, rest.count)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
            return true
        }
    }
}
