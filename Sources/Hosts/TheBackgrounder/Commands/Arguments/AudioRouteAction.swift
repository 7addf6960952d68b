import BackgroundCommands

/// What `device audio-route` does: take the audio to the speaker, headphones or a Bluetooth
/// headset, or unplug the ones in use.
enum AudioRouteAction: String, CaseIterable, CommandArgument {
    case speaker
    case headphones
    case bluetooth
    case unplug
}
