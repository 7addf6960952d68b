/// What `device power` plugs the device into.
public enum PowerSource: String, CaseIterable, CommandArgument {
    case external
    case battery
}
