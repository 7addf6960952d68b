// The runtime whole: the values that cross (BackgroundWire), Linux underneath (BackgroundPlatform),
// the app's side (BackgroundApp) and the system's (BackgroundSystem). This module joins the two
// halves where they run in one process — the thread link, the test device, a device made with
// its app — and re-exports all four, so that `import BackgroundRuntime` is the whole runtime.
@_exported import BackgroundApp
@_exported import BackgroundPlatform
@_exported import BackgroundSystem
@_exported import BackgroundWire
