import Foundation

extension ProcessInfo {
    /// `isMacCatalystApp`: false; extensions here run as on an iPhone.
    public var isMacCatalystApp: Bool { false }

    /// `isiOSAppOnMac`: false, for the same reason.
    public var isiOSAppOnMac: Bool { false }
}
