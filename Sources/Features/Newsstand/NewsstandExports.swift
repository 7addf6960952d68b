// The app's side of Newsstand (the library, its issues and downloads, the Newsstand screen) with
// the values it exchanges with the system's transfer service, which it re-exports.
@_exported import NewsstandWire
