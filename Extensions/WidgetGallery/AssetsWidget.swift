// Named colours and images from the asset catalog shipped in the extension's resources, UIKit images
// and colours, and what a missing asset does.
import SwiftUI
import UIKit
import WidgetKit

struct AssetsWidget: Widget {
    let kind = "Assets"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HourlyProvider()) { _ in
            AssetsView()
                .containerBackground(Color(uiColor: .secondarySystemBackground), for: .widget)
        }
        .configurationDisplayName("Assets")
        .description("Asset catalog colours and images.")
        .supportedFamilies([.systemSmall])
    }
}

extension Color {
    static let brand = Color("BrandColor")
}

/// A 4 × 4 PNG drawn in memory, as widgets show images they downloaded.
enum Thumbnail {
    static let png: Data = {
        // Bytes of a 4×4 RGBA PNG, all one orange.
        let bytes: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x04, 0x08, 0x02, 0x00, 0x00, 0x00, 0x26, 0x93, 0x09,
            0x29, 0x00, 0x00, 0x00, 0x11, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xF8, 0x3F, 0x95, 0x01,
            0x8E, 0x18, 0x88, 0xE3, 0x00, 0x00, 0xA0, 0xC2, 0x19, 0x41, 0x97, 0x23, 0xC7, 0x54, 0x00, 0x00,
            0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        return Data(bytes)
    }()
}

struct AssetsView: View {
    var body: some View {
        VStack(spacing: 6) {
            HStack {
                Image("Logo")
                    .resizable()
                    .frame(width: 24, height: 24)
                Text("Brand")
                    .foregroundStyle(Color.brand)
            }
            HStack {
                if let thumbnail = UIImage(data: Thumbnail.png) {
                    Image(uiImage: thumbnail)
                        .resizable()
                        .frame(width: 16, height: 16)
                }
                Image(uiImage: UIImage(named: "Logo") ?? UIImage())
                    .resizable()
                    .frame(width: 16, height: 16)
                Circle()
                    .fill(Color(UIColor { traits in traits.userInterfaceStyle == .dark ? .white : .black }))
                    .frame(width: 16, height: 16)
            }
            Text("Missing")
                .foregroundStyle(Color("NoSuchColor"))
            Image("NoSuchImage")
        }
    }
}
