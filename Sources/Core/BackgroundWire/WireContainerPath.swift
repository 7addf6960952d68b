/// Where a container sits in its coder's coding path (``WireCodingPaths``), as two integers:
/// the standard library's container boxes copy a container on every call, so a container
/// keeps no array of its own.
struct WireContainerPath {
    /// How many keys of the coder's stack lead to the container's value.
    let base: Int
    /// The nested containers' keys the container is in, as an index into the coder's (-1: none).
    var nested = -1
}
