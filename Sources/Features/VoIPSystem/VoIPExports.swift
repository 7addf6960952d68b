// The system's side of VoIP (the service's connections, the watch on a suspended app's socket,
// reconnects) with the values it exchanges with the app, which it re-exports.
@_exported import VoIPWire
