import BackgroundSystem

/// How one attempt of a download ended when it did not fail.
enum AttemptOutcome: Equatable {
    /// Every byte is on disk and synced.
    case complete
    /// What was on disk cannot be continued (the server resumed elsewhere, or its ETag
    /// changed); the file was cut to zero and the next attempt starts over.
    case restart(String)
}
