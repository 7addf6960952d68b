// The app's side of audio (the player, its items, the session as the app sees it, the Audio
// screen) with the values it exchanges with the system's audio service, which it re-exports.
@_exported import AudioWire
