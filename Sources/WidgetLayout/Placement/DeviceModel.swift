import WidgetArchive

/// An iPhone screen size and the widget sizes iOS gives it (Human Interface Guidelines, "Widgets",
/// Specifications): the same widget is a few points larger on a Pro Max than on an SE, and text that
/// fits one may truncate on the other. The iPhone placements take the standard model's sizes (390 ×
/// 844 and 393 × 852 points: iPhone 16, 16e, 15, 14); `Placement.on(_:)` gives them another model's.
/// The HIG does not tabulate the 402 × 874 and 440 × 956 screens (iPhone 16 Pro and Pro Max, the
/// iPhone 17 family), so they are not modelled.
public struct DeviceModel: Hashable, Sendable {
    public var id: String
    public var name: String
    /// The screen, portrait, in points.
    public var screen: Size
    /// Home screen and Lock Screen widget sizes.
    public var sizes: [WidgetFamily: Size]

    init(_ id: String, _ name: String, screen: (Double, Double), small: Double, medium: (Double, Double), large: (Double, Double),
         circular: Double, rectangular: (Double, Double), inline: Double) {
        self.id = id
        self.name = name
        self.screen = Size(width: screen.0, height: screen.1)
        sizes = [
            .systemSmall: Size(width: small, height: small), .systemMedium: Size(width: medium.0, height: medium.1),
            .systemLarge: Size(width: large.0, height: large.1), .accessoryCircular: Size(width: circular, height: circular),
            .accessoryRectangular: Size(width: rectangular.0, height: rectangular.1), .accessoryInline: Size(width: inline, height: 26),
        ]
    }

    public static let all: [DeviceModel] = [
        DeviceModel("iphone-se", "iPhone SE, 8", screen: (375, 667), small: 148, medium: (321, 148), large: (321, 324),
                    circular: 68, rectangular: (153, 68), inline: 225),
        DeviceModel("iphone-mini", "iPhone 13 mini, 12 mini, 11 Pro, X", screen: (375, 812), small: 155, medium: (329, 155),
                    large: (329, 345), circular: 72, rectangular: (157, 72), inline: 225),
        DeviceModel("iphone", "iPhone 16, 16e, 15, 14", screen: (393, 852), small: 158, medium: (338, 158), large: (338, 354),
                    circular: 72, rectangular: (160, 72), inline: 234),
        DeviceModel("iphone-plus", "iPhone 8 Plus", screen: (414, 736), small: 159, medium: (348, 157), large: (348, 357),
                    circular: 76, rectangular: (170, 76), inline: 248),
        DeviceModel("iphone-11", "iPhone 11, 11 Pro Max, XR", screen: (414, 896), small: 169, medium: (360, 169), large: (360, 379),
                    circular: 76, rectangular: (160, 72), inline: 248),
        DeviceModel("iphone-max", "iPhone 16 Plus, 15 Pro Max, 14 Pro Max", screen: (430, 932), small: 170, medium: (364, 170),
                    large: (364, 382), circular: 76, rectangular: (172, 76), inline: 257),
    ]

    public static func named(_ id: String) -> DeviceModel? { all.first { $0.id == id } }

    /// The model the iPhone placements are measured for.
    public static let standard = all[2]
}

extension Placement {
    /// This placement on `model`'s screen: an iPhone home or lock screen with the model's widget
    /// sizes, named `<placement>@<model>`; any other placement, or the standard model, unchanged.
    public func on(_ model: DeviceModel) -> Placement {
        // A placement already on a model is moved from the standard one.
        if let (base, current) = Self.split(id), current != nil, let standard = Placement.all.first(where: { $0.id == base }) {
            return standard.on(model)
        }
        guard platform == .iOS, location == .homeScreen || location == .lockScreen, model != .standard,
              sizes.keys.contains(where: { model.sizes[$0] != nil }) else { return self }
        var placement = self
        for family in sizes.keys { if let size = model.sizes[family] { placement.sizes[family] = size } }
        placement.id = id + "@" + model.id
        placement.name = name + " (" + model.name + ")"
        return placement
    }

    /// The device model a placement id names after `@`, if any.
    static func split(_ id: String) -> (placement: String, model: DeviceModel?)? {
        let parts = id.split(separator: "@", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return (id, nil) }
        guard let model = DeviceModel.named(parts[1]) else { return nil }
        return (parts[0], model)
    }
}
