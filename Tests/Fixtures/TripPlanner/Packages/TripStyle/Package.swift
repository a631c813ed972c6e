// swift-tools-version:6.0
// A second local package, which only TripKit depends on (by path): the project does not name it, so
// `import` finds it through TripKit's manifest. Its code imports SwiftUI, so it is compiled here too;
// its tools version makes it Swift 6.
import PackageDescription

let package = Package(
    name: "TripStyle",
    platforms: [.iOS(.v17)],
    products: [.library(name: "TripStyle", targets: ["TripStyle"])],
    targets: [.target(name: "TripStyle")]
)
