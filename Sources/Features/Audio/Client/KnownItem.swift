/// An item of the app's that the audio service numbered, held weakly: the app's table from the
/// service's numbers to its ``PlayerItem``s keeps no item alive.
struct KnownItem {
    weak var item: PlayerItem?
}
