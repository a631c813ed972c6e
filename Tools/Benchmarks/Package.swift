// swift-tools-version:6.0
// Benchmarks for WidgetHost, kept out of the main package so `swift build` there never builds them.
// Run in release mode: `swift run -c release --package-path Tools/Benchmarks codec-benchmark`.
import PackageDescription

let package = Package(
    name: "WidgetHostBenchmarks",
    dependencies: [.package(name: "WidgetHost", path: "../..")],
    targets: [
        // The row each benchmark prints for `all.sh`'s table.
        .target(name: "BenchmarkSummary"),
        .executableTarget(
            name: "codec-benchmark",
            dependencies: ["BenchmarkSummary", .product(name: "WidgetArchive", package: "WidgetHost")]
        ),
        .executableTarget(
            name: "interaction-benchmark",
            dependencies: [
                "BenchmarkSummary",
                .product(name: "WidgetArchive", package: "WidgetHost"),
                .product(name: "WidgetHostCore", package: "WidgetHost"),
                .product(name: "WidgetProcess", package: "WidgetHost"),
                .product(name: "WidgetRender", package: "WidgetHost"),
                .product(name: "WidgetControl", package: "WidgetHost"),
                .product(name: "WidgetLayout", package: "WidgetHost"),
                .product(name: "WidgetProtocol", package: "WidgetHost"),
                .product(name: "WidgetStore", package: "WidgetHost"),
            ]
        ),
        .executableTarget(
            name: "animation-benchmark",
            dependencies: [
                "BenchmarkSummary",
                .product(name: "WidgetAnimation", package: "WidgetHost"),
                .product(name: "WidgetArchive", package: "WidgetHost"),
                .product(name: "WidgetLayout", package: "WidgetHost"),
                .product(name: "WidgetRender", package: "WidgetHost"),
            ]
        ),
        .executableTarget(
            name: "host-benchmark",
            dependencies: [
                "BenchmarkSummary",
                .product(name: "WidgetHostCore", package: "WidgetHost"), .product(name: "WidgetStore", package: "WidgetHost"),
                .product(name: "WidgetControl", package: "WidgetHost"), .product(name: "WidgetProcess", package: "WidgetHost"), .product(name: "SystemCalls", package: "WidgetHost"),
            ]
        ),
        .executableTarget(
            name: "simulate-benchmark",
            dependencies: [
                "BenchmarkSummary",
                .product(name: "WidgetScheduling", package: "WidgetHost"),
                .product(name: "WidgetScheduleLog", package: "WidgetHost"),
                .product(name: "WidgetSimulation", package: "WidgetHost"),
            ]
        ),
        .executableTarget(
            name: "render-benchmark",
            dependencies: [
                "BenchmarkSummary",
                .product(name: "WidgetArchive", package: "WidgetHost"),
                .product(name: "WidgetLayout", package: "WidgetHost"),
                .product(name: "WidgetRender", package: "WidgetHost"),
            ]
        ),
    ]
)
