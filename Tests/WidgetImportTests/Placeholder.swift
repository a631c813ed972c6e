import XCTest

final class WidgetImportTestsPlaceholder: XCTestCase {}
