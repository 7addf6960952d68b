import BackgroundPlatform
import BackgroundWire

/// The pending task requests could not be read or saved; names the file and the reason.
public typealias TaskRequestStoreError = StoredFileError
