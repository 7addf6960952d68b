// The system's side of Newsstand (the transfer service, background URL sessions, the library's
// store, the rules) with the values it exchanges with the app, which it re-exports.
@_exported import NewsstandWire
