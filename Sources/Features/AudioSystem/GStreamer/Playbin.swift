import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import CGStreamer
import GStreamerMedia

/// A GStreamer `playbin` that plays audio only, to one sink.
///
/// It reports its bus's messages through ``PlaybinHandlers`` as they are posted (a sync
/// handler, so no GLib main loop is needed), and asks for the next URI when the current stream
/// is about to finish, which is how playbin plays the next track without a gap. Its methods
/// are safe from any thread; GStreamer objects are thread-safe.
// Unchecked: it holds GStreamer's element pointers, which GStreamer makes safe to use from any thread.
final class Playbin: @unchecked Sendable {
    /// The sink it plays to.
    let sink: AudioSink
    private let element: UnsafeMutablePointer<GstElement>
    /// The sink's element, which answers position queries more cheaply than the whole bin.
    private let sinkElement: UnsafeMutablePointer<GstElement>

    /// Makes the pipeline, or nil when playbin or the sink's plugin is missing.
    init?(sink: AudioSink, handlers: PlaybinHandlers) {
        guard let element = GStreamerLibrary.makeElement("playbin"), let audioSink = sink.makeElement() else {
            return nil
        }
        self.sink = sink
        self.element = element
        self.sinkElement = audioSink
        gst_object_ref(audioSink)
        cgst_set_object(element, "audio-sink", audioSink)
        cgst_set_int(element, "flags", Self.audioOnlyFlags)
        cgst_connect_about_to_finish(
            element, { element, data in
                guard let element, let data else { return }
                let handlers = Unmanaged<PlaybinHandlers>.fromOpaque(data).takeUnretainedValue()
                guard let uri = handlers.nextURI() else { return }
                cgst_set_string(element, "uri", uri)
            },
            Unmanaged.passRetained(handlers).toOpaque(),
            { data, _ in data.map { Unmanaged<PlaybinHandlers>.fromOpaque($0).release() } })
        let bus = gst_element_get_bus(element)
        gst_bus_set_sync_handler(
            bus, { _, message, data in
                guard let message else { return GST_BUS_DROP }
                defer { gst_message_unref(message) }
                guard let data, let parsed = Playbin.parse(message) else { return GST_BUS_DROP }
                Unmanaged<PlaybinHandlers>.fromOpaque(data).takeUnretainedValue().onMessage(parsed)
                return GST_BUS_DROP
            },
            Unmanaged.passRetained(handlers).toOpaque(),
            { data in data.map { Unmanaged<PlaybinHandlers>.fromOpaque($0).release() } })
        gst_object_unref(bus)
    }

    deinit {
        gst_element_set_state(element, GST_STATE_NULL)
        gst_object_unref(sinkElement)
        gst_object_unref(element)
    }

    /// Sets the URI to play; the pipeline must be in ``PipelineState/null``.
    func load(_ uri: String) {
        cgst_set_string(element, "uri", uri)
    }

    /// Asks for `state`; the change completes asynchronously.
    func setState(_ state: PipelineState) {
        gst_element_set_state(element, state.gstState)
    }

    /// Waits until the pipeline has prerolled (up to `timeout`), then moves to `position`.
    func seek(to position: Duration, timeout: Duration = .seconds(2)) {
        gst_element_get_state(element, nil, nil, GstClockTime(timeout.nanoseconds))
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        gst_element_seek_simple(element, GST_FORMAT_TIME, flags, gint64(position.nanoseconds))
    }

    /// The position in the current stream, or nil when nothing is playing or paused.
    var position: Duration? {
        var nanoseconds: gint64 = 0
        guard gst_element_query_position(sinkElement, GST_FORMAT_TIME, &nanoseconds) != 0, nanoseconds >= 0 else {
            return nil
        }
        return .nanoseconds(nanoseconds)
    }

    /// playbin's flags: audio, with software volume; no video, no subtitles.
    private static let audioOnlyFlags: gint = 0x02 | 0x10

    /// The URI of the stream whose element posted `message`.
    private static func streamURI(of message: UnsafeMutablePointer<GstMessage>) -> String? {
        guard let uri = cgst_stream_uri(message.pointee.src) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    private static func parse(_ message: UnsafeMutablePointer<GstMessage>) -> PlaybinMessage? {
        switch message.pointee.type {
        case GST_MESSAGE_STREAM_START: .streamStarted
        case GST_MESSAGE_EOS: .endOfStream
        case GST_MESSAGE_ERROR: .failed(GStreamerError(message: message), uri: streamURI(of: message))
        default: nil
        }
    }
}
