/// Settings ▸ General ▸ Background App Refresh, as `device background-refresh` sets it.
public enum RefreshSetting: String, CaseIterable, CommandArgument {
    case on
    case off
    /// Restricted by parental controls or a device profile.
    case restricted
}
