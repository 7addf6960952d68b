import BackgroundRuntime

/// What the app's ``AudioPlayer`` and the system's ``AudioService`` say to each other: the
/// player's calls and the service's batches of news.
enum AudioMessages: ServiceInterface {
    typealias Call = AudioServiceCall
    typealias Event = AudioEventBatch

    static let name = "audio"
}
