import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking

extension URLSessionConfiguration {
    /// `waitsForConnectivity`, which Linux's Foundation marks unavailable. `widget-host import`
    /// respells it to this (`ModuleQualifiers`). A task here never waits for a network to appear:
    /// it fails at once, as a widget's sandbox has none, so the setting reads `false` and is ignored.
    public var _waitsForConnectivity: Bool {
        get { false }
        set {}
    }
}
#endif
