/// One replacement in a file's text: the bytes in `range` become `replacement`, for `reason`.
struct PortEdit {
    /// UTF-8 offsets into the original file.
    let range: Range<Int>
    let replacement: String
    /// Why, as printed after the file and line.
    let reason: String
}
