/// A switch in Settings, as `device background-refresh` and `location precise` set it.
public enum OnOff: String, CaseIterable, CommandArgument {
    case on
    case off
}
