import Foundation

/// `CLRegion`: an area to monitor, or to say a widget is relevant in (`RelevantContext.location(_:)`).
/// Monitoring never reports here (the device has no location), but regions are values that work.
open class CLRegion: NSObject, @unchecked Sendable {
    // `@unchecked Sendable`: as Apple declares it; the identifier and flags are set once, before sharing.
    public let identifier: String
    open var notifyOnEntry = true
    open var notifyOnExit = true

    init(identifier: String) {
        self.identifier = identifier
    }
}

/// `CLCircularRegion`: a centre and a radius.
open class CLCircularRegion: CLRegion, @unchecked Sendable {
    public let center: CLLocationCoordinate2D
    public let radius: CLLocationDistance

    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
    }

    /// Whether `coordinate` lies within the radius (great-circle distance).
    open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        CLLocation(latitude: center.latitude, longitude: center.longitude)
            .distance(from: CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude)) <= radius
    }
}
