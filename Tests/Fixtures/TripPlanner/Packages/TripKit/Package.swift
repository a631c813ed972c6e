// swift-tools-version:5.9
// A local Swift package the app's widget links, as Xcode 15+ records one (XCLocalSwiftPackageReference).
// Its views import SwiftUI, which has no Linux version: `import` compiles its targets against
// WidgetHost's SwiftUI instead of building the package as it is, and likewise the local package it
// depends on.
import PackageDescription

let package = Package(
    name: "TripKit",
    platforms: [.iOS(.v17)],
    products: [.library(name: "TripKit", targets: ["TripKit"])],
    dependencies: [.package(path: "../TripStyle")],
    targets: [
        .target(name: "TripKitCore"),
        .target(name: "TripKit", dependencies: ["TripKitCore", .product(name: "TripStyle", package: "TripStyle")]),
    ]
)
