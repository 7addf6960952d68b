import BackgroundWire

/// What the app's ``AudioPlayer`` and the system's ``AudioService`` say to each other: the
/// player's calls and the service's batches of news.
package enum AudioMessages: ServiceInterface {
    package typealias Call = AudioServiceCall
    package typealias Event = AudioEventBatch

    package static let name = "audio"
}
