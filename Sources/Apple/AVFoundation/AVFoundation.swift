// AVFoundation's names for background audio over Backgrounder's Audio module: the app's
// AVAudioSession, AVPlayer and AVQueuePlayer of AVPlayerItems, and CoreMedia's CMTime, which
// iOS's AVFoundation brings with it. They play through the system's audio service (GStreamer),
// under the runtime's rules: whether music goes on in the background is the Audio module's word.
// Foundation comes with it, as it does with Apple's framework.
@_exported import BackgrounderFoundation
