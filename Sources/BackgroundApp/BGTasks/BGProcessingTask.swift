import BackgroundWire
import BackgroundPlatform
/// Minutes of deferrable work.
@AppMain
public final class BGProcessingTask: BGTask {}
