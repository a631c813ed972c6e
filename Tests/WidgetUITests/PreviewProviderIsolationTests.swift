import Foundation
import SwiftUI
import WidgetArchive
import WidgetKit
import WidgetUI
import XCTest

/// Static state in a preview provider, as Swift 6 widget code writes it (`static var model = …`):
/// it compiles because `PreviewProvider` is main-actor isolated, as Apple declares it.
struct CounterPreviews: PreviewProvider {
    static var count = 3
    static var previews: some View {
        Text("\(count) items")
            .previewContext(WidgetPreviewContext(family: .systemSmall))
    }
}

final class PreviewProviderIsolationTests: XCTestCase {
    /// XCTest runs tests on the main thread: there the main actor's code runs as it is.
    func testAProviderWithStaticStateArchivesOnTheMainActor() {
        let previews = MainActor.assumeIsolated {
            CounterPreviews.count = 4
            return PreviewArchiver.previews(CounterPreviews.previews, environment: EnvironmentValues()) { _, _ in [:] }.previews
        }
        XCTAssertEqual(previews.count, 1)
        XCTAssertEqual(previews.first?.family, .systemSmall)
        var texts: [String] = []
        previews.first?.root.forEachNode { if case .text(let t) = $0, case .literal(let s)? = t.runs.first?.content { texts.append(s) } }
        XCTAssertEqual(texts, ["4 items"])
    }
}
