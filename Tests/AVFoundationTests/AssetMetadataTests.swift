import AVFoundation
import Audio
import Foundation
import Testing

/// `AVAsset.commonMetadata` read from the files' own tags by GStreamer: the bundled tracks' ID3
/// title and artist, a tag written by GStreamer's own muxer, and none for what is not media.
@Suite struct AssetMetadataTests {
    @Test func aTracksID3TagsAreItsCommonMetadata() throws {
        let asset = AVURLAsset(url: try #require(BundledTracks.urls.first { $0.lastPathComponent == "FeelinGood.mp3" }))
        let items = asset.commonMetadata
        #expect(items.map(\.commonKey) == [.commonKeyTitle, .commonKeyArtist])
        #expect(items.map(\.stringValue) == ["FeelinGood", "Backgrounder"])
        let titles = AVMetadataItem.metadataItems(from: items, filteredByIdentifier: .commonIdentifierTitle)
        #expect(titles.first?.identifier?.rawValue == "common/title")
        #expect(titles.first?.value as? NSString == "FeelinGood")
    }

    /// An mp3 that GStreamer's id3v2mux tags (values without spaces: gst-launch splits its
    /// arguments on them; the date an ID3 tag keeps is the year).
    @Test func aFileWrittenWithTagsGivesThemAllBack() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tagged-\(UUID().uuidString).mp3")
        defer { try? FileManager.default.removeItem(at: file) }
        let tags = "title=NightDrive,artist=TheTesters,album=Loopback,copyright=Backgrounder2026,date=(GDate)2013-03-08"
        let gst = Process()
        gst.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        gst.arguments = [
            "-q", "audiotestsrc", "num-buffers=20", "!", "lamemp3enc", "!", "taginject", "tags=\(tags)", "!", "id3v2mux", "!",
            "filesink", "location=\(file.path)",
        ]
        try gst.run()
        gst.waitUntilExit()
        try #require(gst.terminationStatus == 0)
        let items = AVURLAsset(url: file).commonMetadata
        #expect(items.map(\.commonKey) == [.commonKeyTitle, .commonKeyArtist, .commonKeyAlbumName, .commonKeyCopyrights, .commonKeyCreationDate])
        #expect(items.map(\.stringValue) == ["NightDrive", "TheTesters", "Loopback", "Backgrounder2026", "2013"])
    }

    @Test func whatIsNotMediaHasNoMetadata() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-media-\(UUID().uuidString).mp3")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("ID3 this is not an mp3".utf8).write(to: file)
        #expect(AVURLAsset(url: file).commonMetadata.isEmpty)
        #expect(AVURLAsset(url: URL(fileURLWithPath: "/nonexistent/track.mp3")).commonMetadata.isEmpty)
    }
}
