import XCTest

final class XcodeProjectTestsPlaceholder: XCTestCase {}
