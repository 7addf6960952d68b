// The BackgroundTasks framework's names over Backgrounder's runtime: BGTaskScheduler.shared,
// request classes that a `let` can configure, and tasks that any thread may complete, as in
// Apple's sample code. Foundation comes with it, as it does with Apple's framework.
@_exported import BackgrounderFoundation
