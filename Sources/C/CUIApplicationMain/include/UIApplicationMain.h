#ifndef BACKGROUNDER_UIAPPLICATIONMAIN_H
#define BACKGROUNDER_UIAPPLICATIONMAIN_H

/// UIKit's entry point in C, as @UIApplicationMain's synthesized main() calls it:
/// UIApplicationMain(argc, argv, nil, NSStringFromClass(AppDelegate.self)). The class names are
/// Foundation NSString objects (principalClassName is always null here); it does not return.
/// Defined by the Swift UIKit module (UIApplicationMain.swift).
int UIApplicationMain(int argc, char *_Nullable *_Nonnull argv, const void *_Nullable principalClassName,
                      const void *_Nullable delegateClassName);

#endif
