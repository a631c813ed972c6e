// swift-tools-version:6.0
// A widget author's own package: a widget extension and its tests, written against WidgetHost as a
// dependency. `swift test` here builds the extension, launches it in a real process and compares its
// renders with the references in Tests/StepCounterTests/__Snapshots__/.
import PackageDescription

let package = Package(
    name: "WidgetAuthorExample",
    dependencies: [
        // In an author's package: .package(url: "<this repository>", branch: "main")
        .package(name: "WidgetHost", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "StepCounter",
            dependencies: [
                .product(name: "SwiftUI", package: "WidgetHost"),
                .product(name: "WidgetKit", package: "WidgetHost"),
                .product(name: "AppIntents", package: "WidgetHost"),
            ]
        ),
        .testTarget(
            name: "StepCounterTests",
            dependencies: [.product(name: "WidgetTesting", package: "WidgetHost")],
            exclude: ["__Snapshots__"]
        ),
    ]
)
