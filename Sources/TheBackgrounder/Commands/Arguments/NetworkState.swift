/// What `device network` does to the device's network.
enum NetworkState: String, CaseIterable, CommandArgument {
    case online
    case offline
}
