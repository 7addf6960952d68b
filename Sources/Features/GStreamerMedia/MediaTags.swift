import BackgroundWire
import CGStreamer
import Foundation

/// What a media file says of itself in its tags (ID3, Vorbis comments, MP4 atoms), as GStreamer
/// reads them: what `AVAsset.commonMetadata` gives an app.
public struct MediaTags: Sendable, Equatable {
    public var title: String?
    public var artist: String?
    public var albumName: String?
    public var copyrights: String?
    /// When it was made, in ISO 8601 (a year alone when the tag has no more).
    public var creationDate: String?

    public init(title: String? = nil, artist: String? = nil, albumName: String? = nil, copyrights: String? = nil, creationDate: String? = nil) {
        self.title = title
        self.artist = artist
        self.albumName = albumName
        self.copyrights = copyrights
        self.creationDate = creationDate
    }

    /// How long a file may take to open before the tags read so far are all.
    static let timeout: Duration = .seconds(5)

    /// The tags of the media at `url`, as far as GStreamer reads them by the time the first audio
    /// is decoded; none when it cannot be opened or is not media.
    public static func read(from url: URL) -> MediaTags {
        guard GStreamerLibrary.initializationError == nil,
            let pipeline = GStreamerLibrary.makeProbePipeline(uri: url.absoluteString)
        else { return MediaTags() }
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        gst_element_set_state(pipeline, GST_STATE_PAUSED)
        _ = gst_element_get_state(pipeline, nil, nil, GstClockTime(timeout.nanoseconds))
        guard let bus = gst_element_get_bus(pipeline) else { return MediaTags() }
        defer { gst_object_unref(bus) }
        var tags = MediaTags()
        while let message = gst_bus_pop_filtered(bus, GST_MESSAGE_TAG) {
            defer { gst_message_unref(message) }
            var list: UnsafeMutablePointer<GstTagList>?
            gst_message_parse_tag(message, &list)
            guard let list else { continue }
            defer { gst_tag_list_unref(list) }
            tags.merge(list)
        }
        return tags
    }

    /// Takes from `list` what is not known yet: the first tag of each kind wins.
    private mutating func merge(_ list: UnsafeMutablePointer<GstTagList>) {
        title = title ?? string("title", in: list)
        artist = artist ?? string("artist", in: list)
        albumName = albumName ?? string("album", in: list)
        copyrights = copyrights ?? string("copyright", in: list)
        creationDate = creationDate ?? date(in: list)
    }

    private func string(_ tag: String, in list: UnsafeMutablePointer<GstTagList>) -> String? {
        var value: UnsafeMutablePointer<gchar>?
        guard gst_tag_list_get_string(list, tag, &value) != 0, let value else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    private func date(in list: UnsafeMutablePointer<GstTagList>) -> String? {
        var dateTime: OpaquePointer?
        guard gst_tag_list_get_date_time(list, "datetime", &dateTime) != 0, let dateTime else { return nil }
        defer { gst_date_time_unref(dateTime) }
        guard let text = gst_date_time_to_iso8601_string(dateTime) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}
