// The MediaPlayer framework's names for Now Playing and remote commands over Backgrounder's
// runtime: MPNowPlayingInfoCenter.default() and MPRemoteCommandCenter.shared() are the launch's
// NowPlayingInfoCenter and RemoteCommandCenter; whether the app is the Now Playing app, and
// which commands reach it, is the runtime's. Foundation comes with it, as it does with Apple's.
@_exported import BackgrounderFoundation
