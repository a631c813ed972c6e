import Foundation
@testable import widget_host
import XCTest

/// Where `demo` builds a missing example extension: the package and build folder `widget-host` itself
/// was built in, with its configuration.
final class PackageBuildTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("package-build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func folder(_ path: String) throws -> URL {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func testABinaryFolderOfAPackageNamesItsPackageScratchAndConfiguration() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: root.appendingPathComponent("Package.swift").path, contents: Data()))
        let build = try XCTUnwrap(PackageBuild(binaryFolder: folder(".build-static/x86_64-unknown-linux-gnu/release")))
        XCTAssertEqual(build.package.standardizedFileURL.path, root.standardizedFileURL.path)
        XCTAssertEqual(build.scratch.lastPathComponent, ".build-static")
        XCTAssertEqual(build.configuration, "release")
    }

    func testAFolderOutsideAPackageOrOfNoConfigurationIsNotABuild() throws {
        XCTAssertNil(PackageBuild(binaryFolder: try folder(".build/x86_64-unknown-linux-gnu/debug")), "no Package.swift above it")
        XCTAssertTrue(FileManager.default.createFile(atPath: root.appendingPathComponent("Package.swift").path, contents: Data()))
        XCTAssertNil(PackageBuild(binaryFolder: try folder(".build/x86_64-unknown-linux-gnu/bin")), "not a configuration's folder")
        XCTAssertNotNil(PackageBuild(binaryFolder: try folder(".build/x86_64-unknown-linux-gnu/debug")))
    }
}
