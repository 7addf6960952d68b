import AudioWire
import CGStreamer

/// An error GStreamer posted on a bus, sorted into the reasons an item fails for.
struct GStreamerError: Error, Sendable {
    let reason: PlayerItemError.Reason
    let message: String

    init(reason: PlayerItemError.Reason, message: String) {
        self.reason = reason
        self.message = message
    }

    /// Reads an ERROR message.
    init(message: UnsafeMutablePointer<GstMessage>) {
        var error: UnsafeMutablePointer<GError>?
        gst_message_parse_error(message, &error, nil)
        defer { g_error_free(error) }
        guard let error else {
            self.init(reason: .other, message: "unknown GStreamer error")
            return
        }
        self.init(
            reason: Self.reason(domain: error.pointee.domain, code: error.pointee.code),
            message: String(cString: error.pointee.message))
    }

    /// The failure for `item`.
    func failure(of item: MediaItem) -> PlayerItemError {
        PlayerItemError(item: item.name, reason: reason, detail: message)
    }

    private static func reason(domain: GQuark, code: gint) -> PlayerItemError.Reason {
        if domain == gst_resource_error_quark() {
            switch GstResourceError(rawValue: UInt32(code)) {
            case GST_RESOURCE_ERROR_NOT_FOUND: return .notFound
            case GST_RESOURCE_ERROR_OPEN_READ, GST_RESOURCE_ERROR_READ, GST_RESOURCE_ERROR_NOT_AUTHORIZED,
                GST_RESOURCE_ERROR_OPEN_READ_WRITE:
                return .unreadable
            case GST_RESOURCE_ERROR_BUSY, GST_RESOURCE_ERROR_OPEN_WRITE: return .audioUnavailable
            default: return .other
            }
        }
        if domain == gst_stream_error_quark() { return .undecodable }
        if domain == gst_core_error_quark(), GstCoreError(rawValue: UInt32(code)) == GST_CORE_ERROR_MISSING_PLUGIN {
            return .undecodable
        }
        return .other
    }
}
