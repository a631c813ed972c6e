import Foundation
#if canImport(Testing)
import Testing
#endif
import XCTest

/// Records a failure in the test framework that is running: Swift Testing when a `@Test` is under
/// way, XCTest otherwise.
enum TestIssue {
    static func record(_ message: String, fileID: StaticString, file: StaticString, line: UInt, column: UInt) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(file)", line: Int(line), column: Int(column)))
            return
        }
        #endif
        XCTFail(message, file: file, line: line)
    }
}
