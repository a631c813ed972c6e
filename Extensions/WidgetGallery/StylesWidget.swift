// Shape styles, materials, backgrounds and overlays with views and shapes, gradients, trimmed rings,
// custom shapes, and effects.
import SwiftUI
import WidgetKit

struct StylesWidget: Widget {
    let kind = "Styles"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HourlyProvider()) { entry in
            StylesView(progress: 0.7)
                .containerBackground(for: .widget) {
                    LinearGradient(colors: [.indigo, .blue], startPoint: .top, endPoint: .bottom)
                }
        }
        .configurationDisplayName("Styles")
        .description("Styles, shapes and effects.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular])
    }
}

/// A wave along the bottom of its frame, as real widgets draw a water level.
struct Wave: Shape {
    var amplitude: CGFloat = 6

    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.midY))
        path.addCurve(to: CGPoint(x: rect.maxX, y: rect.midY),
                      control1: CGPoint(x: rect.width * 0.35, y: rect.midY - amplitude),
                      control2: CGPoint(x: rect.width * 0.65, y: rect.midY + amplitude))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.closeSubpath()
        return path
    }
}

struct ProgressRing: View {
    let progress: Double

    var body: some View {
        ZStack {
            Circle()
                .stroke(.white.opacity(0.25), lineWidth: 6)
            Circle()
                .trim(from: 0, to: progress)
                .stroke(.white, style: StrokeStyle(lineWidth: 6, lineCap: .round))
                .rotationEffect(.degrees(-90))
            Text("\(Int(progress * 100))%")
                .font(.caption.bold())
        }
    }
}

struct StylesView: View {
    let progress: Double
    @Environment(\.widgetFamily) private var family

    var body: some View {
        if family == .accessoryCircular {
            ZStack {
                AccessoryWidgetBackground()
                ProgressRing(progress: progress)
            }
        } else {
            HStack(spacing: 10) {
                ProgressRing(progress: progress)
                    .frame(width: 56, height: 56)
                VStack(alignment: .leading, spacing: 6) {
                    Text("Material")
                        .padding(4)
                        .background(.ultraThinMaterial, in: .rect(cornerRadius: 6))
                    Text("Quaternary")
                        .padding(4)
                        .background(.quaternary, in: .containerRelative)
                    Text("Capsule")
                        .padding(.horizontal, 6)
                        .background(Capsule().fill(.orange.gradient))
                        .overlay(Capsule().stroke(.white, lineWidth: 1))
                    Wave()
                        .fill(.cyan.opacity(0.8))
                        .frame(height: 18)
                        .border(.white.opacity(0.5), width: 1)
                        .shadow(radius: 2)
                }
                .foregroundStyle(.white)
                .scaleEffect(family == .systemMedium ? 1 : 0.9)
            }
        }
    }
}
