/// A switch in Settings, as `device background-refresh` sets it.
enum OnOff: String, CaseIterable, CommandArgument {
    case on
    case off
}
