// swift-tools-version:5.9
// A local Swift package the app's widget links, as Xcode 15+ records one (XCLocalSwiftPackageReference).
import PackageDescription

let package = Package(
    name: "TripKit",
    products: [.library(name: "TripKit", targets: ["TripKit"])],
    targets: [.target(name: "TripKit")]
)
