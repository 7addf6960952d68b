import CGStreamer

/// GStreamer itself: initialized once per process, on first use.
enum GStreamerLibrary {
    /// Why GStreamer could not be initialized; nil when it is ready. The first read
    /// initializes it.
    static let initializationError: String? = {
        var error: UnsafeMutablePointer<GError>?
        guard gst_init_check(nil, nil, &error) == 0 else { return nil }
        defer { g_error_free(error) }
        return error.map { String(cString: $0.pointee.message) } ?? "gst_init failed"
    }()

    /// Makes an element of the factory `name`, or nil if the plugin that has it is missing.
    static func makeElement(_ name: String) -> UnsafeMutablePointer<GstElement>? {
        gst_element_factory_make(name, nil)
    }
}
