import Foundation
import XCTest

/// The frameworks that re-export Foundation on Apple's platforms do here: each probe (in
/// `ReexportProbes/`) is a file that imports one framework and nothing else.
final class ReexportTests: XCTestCase {
    func testEachFrameworkBringsFoundation() {
        let probes = [
            SwiftDataReexportProbe.foundationValues(), IntentsReexportProbe.foundationValues(), OSLogReexportProbe.foundationValues(),
            OSReexportProbe.foundationValues(), ActivityKitReexportProbe.foundationValues(), CoreLocationReexportProbe.foundationValues(),
            AppIntentsReexportProbe.foundationValues(), UIKitReexportProbe.foundationValues(), TipKitReexportProbe.foundationValues(),
            ChartsReexportProbe.foundationValues(), WidgetKitReexportProbe.foundationValues(), CloudKitReexportProbe.foundationValues(),
            NetworkReexportProbe.foundationValues(), LocalAuthenticationReexportProbe.foundationValues(), SecurityReexportProbe.foundationValues(),
            AVFoundationReexportProbe.foundationValues(), AVKitReexportProbe.foundationValues(), SafariServicesReexportProbe.foundationValues(),
        ]
        for probe in probes {
            XCTAssertEqual(probe.date, Date(timeIntervalSince1970: 0))
            XCTAssertEqual(probe.interval, 28_800)
            XCTAssertEqual(probe.text, "Probe 3")
        }
    }

    func testFoundationAdditionsAreFoundationsNames() {
        let names = FoundationAdditionsProbe.names()
        XCTAssertEqual(String(localized: names.resource), "Delivered")
        XCTAssertEqual(names.relative, "2 hours ago")
        XCTAssertEqual(names.localized, "Swallow", "no table has the key: the value itself")
        XCTAssertEqual(String(localized: names.value), "2 birds")
    }
}
