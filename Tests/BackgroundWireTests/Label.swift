/// A struct shaped like ``Point`` whose `x` is a String.
struct Label: Codable {
    var x: String
}
