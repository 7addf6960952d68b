/// What `device power` plugs the device into.
enum PowerSource: String, CaseIterable, CommandArgument {
    case external
    case battery
}
