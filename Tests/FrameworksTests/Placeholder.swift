import XCTest

final class FrameworksTestsPlaceholder: XCTestCase {}
