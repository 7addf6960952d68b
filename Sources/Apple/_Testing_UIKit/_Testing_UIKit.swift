// The cross-import overlay of Swift Testing and UIKit. Swift Testing declares one, so a file that
// imports both Testing and UIKit imports `_Testing_UIKit` too; on Apple's platforms it makes
// UIKit's images attachable. Backgrounder's UIKit has no images, so its overlay is empty: it is
// here so that a test of UIKit code builds as it does against Apple's SDK.
