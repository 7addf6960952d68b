extension Array where Element: Equatable {
    /// Whether `run` appears in the array as consecutive elements.
    func containsInOrder(_ run: [Element]) -> Bool {
        guard !run.isEmpty, run.count <= count else { return run.isEmpty }
        return (0...(count - run.count)).contains { start in Array(self[start..<(start + run.count)]) == run }
    }
}
