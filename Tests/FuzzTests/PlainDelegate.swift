import BackgroundRuntime

/// An app that does nothing of its own: every delegate method is the default.
final class PlainDelegate: ApplicationDelegate {}
