/// What `device network` does to the device's network.
public enum NetworkState: String, CaseIterable, CommandArgument {
    case online
    case offline
}
