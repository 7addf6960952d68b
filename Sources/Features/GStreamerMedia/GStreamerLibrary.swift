import CGStreamer

/// GStreamer itself: initialized once per process, on first use.
package enum GStreamerLibrary {
    /// Why GStreamer could not be initialized; nil when it is ready. The first read
    /// initializes it.
    package static let initializationError: String? = {
        var error: UnsafeMutablePointer<GError>?
        guard gst_init_check(nil, nil, &error) == 0 else { return nil }
        defer { g_error_free(error) }
        return error.map { String(cString: $0.pointee.message) } ?? "gst_init failed"
    }()

    /// Makes an element of the factory `name`, or nil if the plugin that has it is missing.
    package static func makeElement(_ name: String) -> UnsafeMutablePointer<GstElement>? {
        gst_element_factory_make(name, nil)
    }

    /// A playbin of `uri` to fakesinks, for reading a file rather than playing it; nil when
    /// playbin or fakesink is missing. The caller sets its state and unrefs it.
    package static func makeProbePipeline(uri: String) -> UnsafeMutablePointer<GstElement>? {
        guard let pipeline = makeElement("playbin") else { return nil }
        guard let audioSink = makeElement("fakesink"), let videoSink = makeElement("fakesink") else {
            gst_object_unref(pipeline)
            return nil
        }
        cgst_set_object(pipeline, "audio-sink", audioSink)
        cgst_set_object(pipeline, "video-sink", videoSink)
        cgst_set_string(pipeline, "uri", uri)
        return pipeline
    }
}
