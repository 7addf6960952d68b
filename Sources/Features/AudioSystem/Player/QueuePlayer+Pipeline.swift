import AudioWire
import Foundation
import GStreamerMedia

/// The GStreamer side: the control queue brings the pipeline in line with the state, and turns
/// the pipeline's messages into changes of the queue.
extension QueuePlayer {
    /// What the pipeline must do to match the state.
    private enum Step {
        /// Load the current item (from a position) and play it.
        case load(MediaItem, from: Duration?)
        /// Play or pause the loaded item.
        case run(playing: Bool)
        /// Nothing to play: let go of the stream and the audio output.
        case unload
    }

    /// On the control queue: loads the current item once it is to play (and unless the
    /// pipeline has it already), then plays or pauses it; with nothing to play, unloads.
    /// Idempotent; every change of the state is followed by a call.
    func reconcile() {
        let step = state.withLock { state -> Step in
            let current = state.queue.first
            if let current, current === state.loaded, !state.needsReload { return .run(playing: state.isPlaying) }
            guard let current, state.isPlaying else { return .unload }
            state.needsReload = false
            defer { state.resumeAt = nil }
            return .load(current, from: state.resumeAt)
        }
        switch step {
        case .load(let item, let position):
            guard case .success(var playbin) = makePipeline() else { return }
            unload(playbin)
            if state.withLock({ state in defer { state.pipelineSpoilt = false }; return state.pipelineSpoilt }) {
                playbin = renew(playbin)
            }
            state.withLock { state in
                state.loaded = item
                state.awaitingFirstStreamStart = true
                state.startPosition = position ?? .zero
            }
            playbin.load(item.uri)
            playbin.setState(.paused)
            if let position { playbin.seek(to: position) }
            let isPlaying = state.withLock { $0.isPlaying }
            if isPlaying { playbin.setState(.playing) }
            countOutput(isPlaying)
        case .run(let playing):
            guard case .success(let playbin) = makePipeline() else { return }
            playbin.setState(playing ? .playing : .paused)
            countOutput(playing)
        case .unload:
            countOutput(false)
            guard case .success(let playbin)? = pipeline.withLock({ $0 }) else { return }
            unload(playbin)
        }
    }

    /// Stops the pipeline; messages of what it played are ignored from now on.
    private func unload(_ playbin: Playbin) {
        playbin.setState(.null)
        generation.add(1, ordering: .sequentiallyConsistent)
        state.withLock { state in
            state.loaded = nil
            state.pending.removeAll()
            state.awaitingFirstStreamStart = false
            state.switchedAt = nil
            state.failedGeneration = nil
        }
    }

    /// The pipeline, made the first time; if it cannot be made, every queued item fails with
    /// the reason, once.
    private func makePipeline() -> Result<Playbin, PlayerItemError> {
        if let made = pipeline.withLock({ $0 }) {
            if case .failure(let error) = made { failEveryItem(error) }
            return made
        }
        let made: Result<Playbin, PlayerItemError>
        if let problem = GStreamerLibrary.initializationError {
            made = .failure(PlayerItemError(item: "", reason: .audioUnavailable, detail: problem))
        } else {
            let sink = AudioSink.resolve(output)
            if let playbin = Playbin(sink: sink, handlers: handlers()) {
                device.console.log("Audio output: \(sink.summary)")
                made = .success(playbin)
            } else {
                made = .failure(PlayerItemError(
                    item: "", reason: .audioUnavailable,
                    detail: "GStreamer's playbin or \(sink.factory) is missing; install gstreamer1.0-plugins-base and -good"))
            }
        }
        pipeline.withLock { $0 = made }
        if case .failure(let error) = made {
            device.console.log("Audio output unavailable: \(error.detail)")
            failEveryItem(error)
        }
        return made
    }

    /// A new pipeline to the same sink, in place of `spoilt`; `spoilt` itself if it cannot be made.
    private func renew(_ spoilt: Playbin) -> Playbin {
        guard let playbin = Playbin(sink: spoilt.sink, handlers: handlers()) else { return spoilt }
        pipeline.withLock { $0 = .success(playbin) }
        return playbin
    }

    private func handlers() -> PlaybinHandlers {
        PlaybinHandlers(
            nextURI: { [weak self] in self?.nextGaplessURI() },
            onMessage: { [weak self] message in self?.received(message) })
    }

    private func failEveryItem(_ error: PlayerItemError) {
        guard !state.withLock({ $0.queue.isEmpty }) else { return }
        update { state in
            for item in state.queue {
                fail(item, PlayerItemError(item: item.name, reason: error.reason, detail: error.detail), in: &state)
            }
        }
    }

    // MARK: GStreamer's threads

    /// On a streaming thread, when playbin has read the last stream to its end: the next
    /// item's URI, if it follows in the queue, could be opened, and the player advances. Not
    /// before the loaded stream has started: a file read to its end while prerolling ends the
    /// usual way.
    private func nextGaplessURI() -> String? {
        state.withLock { state in
            guard state.actionAtItemEnd == .advance, !state.awaitingFirstStreamStart, let loaded = state.loaded else {
                return nil
            }
            let handedOver = [loaded] + state.pending
            guard state.queue.count > handedOver.count, zip(state.queue, handedOver).allSatisfy({ $0 === $1 }) else {
                return nil
            }
            let next = state.queue[handedOver.count]
            guard next.status == .readyToPlay else { return nil }
            state.pending.append(next)
            return next.uri
        }
    }

    /// On the posting thread: hands the message, with the load it belongs to, to the control
    /// queue. The load's first stream start is recorded at once instead: playbin may ask for the
    /// next URI (``nextGaplessURI()``) before the control queue gets to the message, and must
    /// then find the stream started; the control queue then tells the listener that the time
    /// moves.
    private func received(_ message: PlaybinMessage) {
        let generation = generation.load(ordering: .sequentiallyConsistent)
        let isFirstStart = if case .streamStarted = message { recordFirstStreamStart(ofLoad: generation) } else { false }
        control.async { [weak self] in
            guard let self, generation == self.generation.load(ordering: .sequentiallyConsistent) else { return }
            switch message {
            case .streamStarted where isFirstStart: update { _ in }
            case .streamStarted: streamStarted()
            case .endOfStream: streamEnded()
            case .failed(let error, let uri): streamFailed(error, uri: uri, generation: generation)
            }
        }
    }

    /// Records that the first stream of load `generation` reached the sink; false when the
    /// message is a later stream's (a gapless switch), or an earlier load's.
    ///
    /// Unloading cannot slip in between: it stops the pipeline first, which waits for the
    /// streaming thread that is posting the message.
    private func recordFirstStreamStart(ofLoad generation: Int) -> Bool {
        state.withLock { state in
            guard state.awaitingFirstStreamStart, generation == self.generation.load(ordering: .sequentiallyConsistent)
            else { return false }
            state.awaitingFirstStreamStart = false
            return true
        }
    }

    // MARK: Messages, on the control queue

    /// The next item's stream reached the sink after a gapless switch: it becomes current.
    private func streamStarted() {
        update { state in
            guard !state.pending.isEmpty else { return }
            let next = state.pending.removeFirst()
            if let finished = state.loaded, state.queue.first === finished { state.queue.removeFirst() }
            state.loaded = next
            state.switchedAt = .now
        }
    }

    /// The current item played to its end, with no gapless successor.
    private func streamEnded() {
        update { state in
            state.pending.removeAll()
            guard let finished = state.loaded, state.queue.first === finished else { return }
            switch state.actionAtItemEnd {
            case .advance:
                state.queue.removeFirst()
                state.loaded = nil
                if state.queue.isEmpty { state.isPlaying = false }
            case .pause:
                state.isPlaying = false
                state.isAtItemEnd = true
            case .none:
                state.isAtItemEnd = true
            }
        }
    }

    /// A stream failed: the one whose URI the error names, else the loaded item's; an error
    /// naming none of the streams of this load is a late echo of an earlier one, and ignored.
    /// A new pipeline then loads what is left of the queue: if the failed stream was the next
    /// item, handed over for a gapless switch, the current one resumes where it was.
    private func streamFailed(_ error: GStreamerError, uri: String?, generation: Int) {
        let position = currentTime()
        update { state in
            let streams = (state.loaded.map { [$0] } ?? []) + state.pending
            let failed = if let uri { streams.first { $0.uri == uri } } else { state.loaded }
            guard let failed, state.failedGeneration != generation else { return }
            state.failedGeneration = generation
            state.pipelineSpoilt = true
            if state.pending.contains(failed), let current = state.loaded, state.queue.first === current {
                state.resumeAt = position
            }
            state.loaded = nil
            state.pending.removeAll()
            fail(failed, error.failure(of: failed), in: &state)
            if state.queue.isEmpty { state.isPlaying = false }
        }
    }

    // MARK: Opening items

    /// Opens `item` on the probe queue to learn its duration, or fails it; an item that left
    /// the queue meanwhile is not opened.
    func probe(_ item: MediaItem) {
        probes.async { [weak self] in
            guard let self, state.withLock({ $0.queue.contains(item) }) else { return }
            let result = probing.probe(item)
            switch result {
            case .success(let duration):
                update { state in
                    // The app hears of it only while the item is queued.
                    guard item.markReady(duration: duration), state.queue.contains(item) else { return }
                    state.news.append(.itemOpened(item.record))
                }
            case .failure(let error):
                update { state in fail(item, error, in: &state) }
            case nil:
                break
            }
        }
    }
}
