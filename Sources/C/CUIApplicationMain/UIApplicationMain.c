// The declarations are all in include/: the function is defined in Swift (UIKit's
// UIApplicationMain.swift). SwiftPM builds a C target only with a source file.
