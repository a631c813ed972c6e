import Charts
import CoreGraphics
import Foundation
import FoundationAdditions
import SwiftUI
import UIKit
import XCTest

/// UIKit, Core Graphics, Charts and Foundation call forms the survey of widget projects found missing,
/// written as the apps write them.
final class SurveyFrameworkCallFormTests: XCTestCase {
    // #2, #4, #40
    /// Trio's hue interpolation: a `Decimal` ratio read as a `CGFloat` through `NSNumber`.
    func testCGFloatTruncatingANumber() {
        let low = Decimal(70), high = Decimal(180), value = Decimal(125)
        let ratio = CGFloat(truncating: (value - low) / (high - low) as NSNumber)
        XCTAssertEqual(ratio, 0.5, accuracy: 1e-9)
    }

    func testUIColorFromColorCGColorAndHue() {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor(Color(red: 1, green: 0.5, blue: 0, opacity: 0.8)).getRed(&r, green: &g, blue: &b, alpha: &a)
        XCTAssertEqual([r, g, b, a], [1, 0.5, 0, 0.8])
        XCTAssertEqual(UIColor(cgColor: CGColor(red: 0, green: 0, blue: 1, alpha: 1)).cgColor.components, [0, 0, 1, 1])
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0
        UIColor(red: 0, green: 1, blue: 0, alpha: 1).getHue(&h, saturation: &s, brightness: &v, alpha: &a)
        XCTAssertEqual(h, 1.0 / 3, accuracy: 0.0001)
        XCTAssertEqual(s, 1)
        XCTAssertEqual(v, 1)
        XCTAssertEqual(CGColor(gray: 0.25, alpha: 0.5).numberOfComponents, 2)
        XCTAssertEqual(CGColor(gray: 0.25, alpha: 0.5).alpha, 0.5)
    }

    // #38, #39
    func testPreferredFontAndBattery() {
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .body).pointSize, 17)
        XCTAssertEqual(UIFont.preferredFont(forTextStyle: .caption1).pointSize, 12)
        XCTAssertEqual(UIDevice.current.batteryLevel, -1, "unknown until monitoring is enabled")
        UIDevice.current.isBatteryMonitoringEnabled = true
        defer { UIDevice.current.isBatteryMonitoringEnabled = false }
        XCTAssertEqual(UIDevice.current.batteryLevel, 1)
        XCTAssertEqual(UIDevice.current.batteryState, .full)
    }

    // #25
    func testAxisMarksWithParameterlessContent() {
        let gridLineCount = 4
        let marks = AxisMarks(values: .automatic(desiredCount: gridLineCount)) { AxisGridLine() }
        _ = marks
    }

    // #42
    func testURLDirectories() {
        XCTAssertEqual(URL.applicationSupportDirectory, FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first)
        XCTAssertTrue(URL.documentsDirectory.isFileURL)
        XCTAssertTrue(URL.cachesDirectory.isFileURL)
    }
}
