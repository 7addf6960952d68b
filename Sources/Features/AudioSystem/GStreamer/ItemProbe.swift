import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import CGStreamer
import GStreamerMedia

/// Opens an item just far enough to learn its duration, or why it cannot be played: a
/// playbin of its own, to fakesinks, brought to PAUSED (the first audio decoded), then freed.
enum ItemProbe {
    /// How long an item may take to open (a slow server) before the probe gives up.
    static let timeout: Duration = .seconds(5)

    /// The item's duration (nil if its format does not tell), its failure, or nil when it did
    /// not open in time; the player then learns the answer by playing it.
    static func probe(_ item: MediaItem) -> Result<Duration?, PlayerItemError>? {
        if let problem = GStreamerLibrary.initializationError {
            return .failure(PlayerItemError(item: item.name, reason: .audioUnavailable, detail: problem))
        }
        guard let pipeline = GStreamerLibrary.makeProbePipeline(uri: item.uri) else {
            return .failure(PlayerItemError(item: item.name, reason: .audioUnavailable, detail: "GStreamer's playbin is missing"))
        }
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        gst_element_set_state(pipeline, GST_STATE_PAUSED)
        switch gst_element_get_state(pipeline, nil, nil, GstClockTime(timeout.nanoseconds)) {
        case GST_STATE_CHANGE_SUCCESS, GST_STATE_CHANGE_NO_PREROLL:
            return prerolled(pipeline).mapError { $0.failure(of: item) }
        case GST_STATE_CHANGE_FAILURE:
            let error = firstError(of: pipeline, waiting: .seconds(1))
                ?? GStreamerError(reason: .other, message: "GStreamer could not open it")
            return .failure(error.failure(of: item))
        default:
            return nil
        }
    }

    /// The duration of a prerolled pipeline, or the error it met. An mp3 parser may tell the
    /// duration only once it has read some frames, so without an answer the probe plays on, as
    /// fast as it decodes (its fakesinks do not sync), until the parser posts the duration, the
    /// stream ends or fails.
    private static func prerolled(_ pipeline: UnsafeMutablePointer<GstElement>) -> Result<Duration?, GStreamerError> {
        if let error = firstError(of: pipeline, waiting: .zero) { return .failure(error) }
        if let duration = duration(of: pipeline) { return .success(duration) }
        guard let bus = gst_element_get_bus(pipeline) else { return .success(nil) }
        defer { gst_object_unref(bus) }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        let awaited = GstMessageType(
            rawValue: GST_MESSAGE_DURATION_CHANGED.rawValue | GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        if let message = gst_bus_timed_pop_filtered(bus, GstClockTime(timeout.nanoseconds), awaited) {
            defer { gst_message_unref(message) }
            if message.pointee.type == GST_MESSAGE_ERROR { return .failure(GStreamerError(message: message)) }
        }
        return .success(duration(of: pipeline))
    }

    private static func duration(of pipeline: UnsafeMutablePointer<GstElement>) -> Duration? {
        var nanoseconds: gint64 = 0
        guard gst_element_query_duration(pipeline, GST_FORMAT_TIME, &nanoseconds) != 0, nanoseconds > 0 else { return nil }
        return .nanoseconds(nanoseconds)
    }

    /// The first error on the pipeline's bus, waiting for it up to `wait`: a streaming thread
    /// may post it just after the state change failed.
    private static func firstError(of pipeline: UnsafeMutablePointer<GstElement>, waiting wait: Duration) -> GStreamerError? {
        guard let bus = gst_element_get_bus(pipeline) else { return nil }
        defer { gst_object_unref(bus) }
        guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime(wait.nanoseconds), GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        return GStreamerError(message: message)
    }
}
