import AudioWire
import CGStreamer
import GStreamerMedia

/// The sink element a player plays to, chosen once: the device GStreamer's `autoaudiosink`
/// finds, or `fakesink sync=true`, which consumes the audio at real-time pace.
struct AudioSink: Sendable {
    /// The element's factory, e.g. `pulsesink` or `fakesink`.
    let factory: String
    /// For the console: which sink and why.
    let summary: String

    /// Picks the sink for `output`. Needs GStreamer initialized.
    static func resolve(_ output: AudioOutput) -> AudioSink {
        switch output {
        case .null:
            return AudioSink(factory: "fakesink", summary: "fakesink sync=true (--audio-sink null)")
        case .automatic:
            guard let device = detectDevice() else {
                return AudioSink(factory: "fakesink", summary: "fakesink sync=true (no audio device found)")
            }
            return AudioSink(factory: device, summary: "\(device) (the default audio device)")
        }
    }

    /// Makes the sink element.
    func makeElement() -> UnsafeMutablePointer<GstElement>? {
        let element = GStreamerLibrary.makeElement(factory)
        if factory == "fakesink", let element { cgst_set_bool(element, "sync", 1) }
        return element
    }

    /// The factory of the sink `autoaudiosink` settles on, unless it falls back to a fake one.
    private static func detectDevice() -> String? {
        guard let auto = GStreamerLibrary.makeElement("autoaudiosink") else { return nil }
        defer {
            gst_element_set_state(auto, GST_STATE_NULL)
            gst_object_unref(auto)
        }
        guard gst_element_set_state(auto, GST_STATE_READY) != GST_STATE_CHANGE_FAILURE,
            let child = gst_child_proxy_get_child_by_index(OpaquePointer(auto), 0)
        else { return nil }
        defer { g_object_unref(child) }
        let element = UnsafeMutableRawPointer(child).assumingMemoryBound(to: GstElement.self)
        guard let factory = gst_element_get_factory(element) else { return nil }
        let name = UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self).pointee.name
        guard let name else { return nil }
        let factoryName = String(cString: name)
        return factoryName == "fakesink" ? nil : factoryName
    }
}
