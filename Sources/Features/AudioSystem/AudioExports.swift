// The system's side of audio (the audio service, the queue player on GStreamer, the audio
// session's state and rules) with the values it exchanges with the app, which it re-exports.
@_exported import AudioWire
