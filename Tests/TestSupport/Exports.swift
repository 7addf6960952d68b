// The waiting helpers of users' tests (`runUntil`, `waitUntil`) are this suite's too.
@_exported import BackgroundRuntimeTesting
