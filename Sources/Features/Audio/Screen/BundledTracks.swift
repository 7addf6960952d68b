import Foundation

/// The three tracks the Audio tab ships with, made by `scripts/make-tracks` (the tutorial's
/// names, the project's own music).
public enum BundledTracks {
    /// The tracks' file names, in the order the screen queues them.
    public static let names = ["IronBacon.mp3", "FeelinGood.mp3", "WhatYouWant.mp3"]

    /// The tracks' files.
    public static var urls: [URL] {
        names.map { name in
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Tracks")
                ?? URL(fileURLWithPath: "/missing-from-the-Audio-bundle/\(name)")
        }
    }
}
