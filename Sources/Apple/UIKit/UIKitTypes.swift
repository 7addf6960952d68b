import BackgroundRuntime

/// The identifier `beginBackgroundTask(expirationHandler:)` returns; `.invalid` when no time
/// could be had.
public typealias UIBackgroundTaskIdentifier = BackgroundTaskIdentifier
/// What a background fetch brought: `.newData`, `.noData` or `.failed`.
public typealias UIBackgroundFetchResult = BackgroundFetchResult
/// Whether the user lets the app refresh in the background.
public typealias UIBackgroundRefreshStatus = BackgroundRefreshStatus
