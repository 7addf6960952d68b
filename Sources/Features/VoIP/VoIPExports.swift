// The app's side of VoIP (the socket the app's process owns, the VoIP screen) with the values it
// exchanges with the system's VoIP service, which it re-exports.
@_exported import VoIPWire
