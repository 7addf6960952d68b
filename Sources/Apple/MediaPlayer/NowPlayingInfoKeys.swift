// The keys of `MPNowPlayingInfoCenter.nowPlayingInfo` that Backgrounder's Now Playing shows.

/// The title, a `String`.
public let MPMediaItemPropertyTitle = "title"
/// The artist, a `String`.
public let MPMediaItemPropertyArtist = "artist"
/// The album's title, a `String`.
public let MPMediaItemPropertyAlbumTitle = "albumTitle"
/// The item's length in seconds, a number.
public let MPMediaItemPropertyPlaybackDuration = "playbackDuration"
/// The position in seconds when the info was set, a number; the system counts on from it.
public let MPNowPlayingInfoPropertyElapsedPlaybackTime = "MPNowPlayingInfoPropertyElapsedPlaybackTime"
/// The playback rate, a number: 1 while playing, 0 while paused.
public let MPNowPlayingInfoPropertyPlaybackRate = "MPNowPlayingInfoPropertyPlaybackRate"
