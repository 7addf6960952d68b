// UserNotifications' names over Backgrounder's runtime: UNUserNotificationCenter.current(), the
// permission, requests with time-interval triggers that the system keeps and presents, categories
// of actions, and a delegate that hears notifications and answers. Foundation comes with it, as it
// does with Apple's framework.
@_exported import BackgrounderFoundation
