import Foundation

public typealias CLLocationDegrees = Double
public typealias CLLocationDistance = Double
public typealias CLLocationAccuracy = Double
public typealias CLLocationSpeed = Double
public typealias CLLocationDirection = Double

/// `CLLocationCoordinate2D`.
public struct CLLocationCoordinate2D: Hashable, Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees
    public init() { self.init(latitude: 0, longitude: 0) }
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}

public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)
public let kCLDistanceFilterNone: CLLocationDistance = -1
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000

/// `CLLocation`: a place and when it was measured; distances on the WGS 84 ellipsoid's mean sphere.
open class CLLocation: NSObject, @unchecked Sendable {
    public let coordinate: CLLocationCoordinate2D
    public let altitude: CLLocationDistance
    public let horizontalAccuracy: CLLocationAccuracy
    public let verticalAccuracy: CLLocationAccuracy
    public let course: CLLocationDirection
    public let speed: CLLocationSpeed
    public let timestamp: Date

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        altitude = 0
        horizontalAccuracy = 0
        verticalAccuracy = -1
        course = -1
        speed = -1
        timestamp = Date()
    }

    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
                verticalAccuracy: CLLocationAccuracy, timestamp: Date) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        course = -1
        speed = -1
        self.timestamp = timestamp
    }

    /// The great-circle distance in metres (haversine, on a sphere of 6,371,008.8 m, the WGS 84
    /// mean radius).
    open func distance(from location: CLLocation) -> CLLocationDistance {
        let radius = 6_371_008.8
        let φ1 = coordinate.latitude * .pi / 180, φ2 = location.coordinate.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (location.coordinate.longitude - coordinate.longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * radius * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}

/// `CLAuthorizationStatus`.
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse
}

/// `CLError`.
public struct CLError: Error, Hashable, Sendable {
    public enum Code: Int, Sendable { case locationUnknown = 0, denied = 1, network = 2, geocodeFoundNoResult = 8 }
    public let code: Code
    public init(_ code: Code) { self.code = code }
}

/// `CLLocationManagerDelegate`.
public protocol CLLocationManagerDelegate: AnyObject {
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error)
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
}

extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
}

/// `CLLocationManager`: there is no location offline; the manager never has one, its requests do
/// nothing, and the first use says so on standard error.
open class CLLocationManager: NSObject, @unchecked Sendable {
    open weak var delegate: CLLocationManagerDelegate?
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    open var location: CLLocation? { nil }
    open var authorizationStatus: CLAuthorizationStatus { .notDetermined }
    open var isAuthorizedForWidgetUpdates: Bool { false }
    open class func authorizationStatus() -> CLAuthorizationStatus { .notDetermined }
    open class func locationServicesEnabled() -> Bool { false }

    public override init() {
        super.init()
        Self.reportOnce()
    }

    open func requestWhenInUseAuthorization() {}
    open func requestAlwaysAuthorization() {}
    open func startUpdatingLocation() {}
    open func stopUpdatingLocation() {}
    open func requestLocation() {}

    nonisolated(unsafe) private static var reported = false
    private static let lock = NSLock()
    private static func reportOnce() {
        let first = lock.withLock { () -> Bool in
            defer { reported = true }
            return !reported
        }
        if first { FileHandle.standardError.write(Data("CoreLocation: no location is available offline; CLLocationManager never has one\n".utf8)) }
    }
}

/// `CLPlacemark` and `CLGeocoder`: geocoding needs the network, which widgets here do not reach.
open class CLPlacemark: NSObject, @unchecked Sendable {
    open var name: String? { nil }
    open var locality: String? { nil }
    open var country: String? { nil }
    open var administrativeArea: String? { nil }
    open var location: CLLocation? { nil }
}

open class CLGeocoder: NSObject, @unchecked Sendable {
    public override init() {}
    open func reverseGeocodeLocation(_ location: CLLocation, completionHandler: @escaping ([CLPlacemark]?, Error?) -> Void) {
        completionHandler(nil, CLError(.network))
    }
    open func reverseGeocodeLocation(_ location: CLLocation) async throws -> [CLPlacemark] { throw CLError(.network) }
    open func geocodeAddressString(_ address: String, completionHandler: @escaping ([CLPlacemark]?, Error?) -> Void) {
        completionHandler(nil, CLError(.network))
    }
    open func geocodeAddressString(_ address: String) async throws -> [CLPlacemark] { throw CLError(.network) }
}
