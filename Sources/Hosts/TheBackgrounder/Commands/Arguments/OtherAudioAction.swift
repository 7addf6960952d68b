import BackgroundCommands

/// What `device other-audio` does: start or stop another app's audio (the Music app's, say).
enum OtherAudioAction: String, CaseIterable, CommandArgument {
    case play
    case stop
}
