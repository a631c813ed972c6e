import Foundation
import SwiftUI

/// `Plot`: chart content grouped into one (a line and the area under it, say). The marks inside add
/// themselves to the chart as if written without it.
public nonisolated struct Plot<Content: View>: View {
    let content: Content
    public init(@ChartContentBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody(Self.self) }
    public nonisolated func _archive(into builder: inout _ArchiveBuilder) { content._archive(into: &builder) }
}
