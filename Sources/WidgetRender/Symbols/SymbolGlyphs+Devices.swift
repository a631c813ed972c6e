import Foundation

extension SymbolGlyphs {
    /// Devices, connectivity and power: radios, networks, computers, batteries.
    static let devices: [String: Glyph] = [
        "wifi": {
            $0.dot((0.5, 0.78), 0.07)
            $0.arc(center: (0.5, 0.78), radius: 0.22, from: 315, to: 405)
            $0.arc(center: (0.5, 0.78), radius: 0.42, from: 315, to: 405)
        },
        "wifi.exclamationmark": {
            $0.inset(0, 0.1, 0.8) { $0.dot((0.5, 0.78), 0.07); $0.arc(center: (0.5, 0.78), radius: 0.22, from: 315, to: 405); $0.arc(center: (0.5, 0.78), radius: 0.42, from: 315, to: 405) }
            $0.line([(0.9, 0.3), (0.9, 0.64)]); $0.dot((0.9, 0.82), 0.06)
        },
        "antenna.radiowaves.left.and.right": {
            $0.dot((0.5, 0.4), 0.08); $0.line([(0.5, 0.44), (0.5, 0.9)])
            for r in [0.18, 0.34] {
                $0.arc(center: (0.5, 0.4), radius: r, from: 50, to: 130); $0.arc(center: (0.5, 0.4), radius: r, from: 230, to: 310)
            }
        },
        "dot.radiowaves.left.and.right": {
            $0.dot((0.5, 0.5), 0.08)
            for r in [0.2, 0.38] { $0.arc(center: (0.5, 0.5), radius: r, from: 50, to: 130); $0.arc(center: (0.5, 0.5), radius: r, from: 230, to: 310) }
        },
        "dot.radiowaves.right": {
            $0.dot((0.2, 0.5), 0.08)
            for r in [0.2, 0.38, 0.56] { $0.arc(center: (0.2, 0.5), radius: r, from: 55, to: 125) }
        },
        "dot.radiowaves.up.forward": {
            $0.dot((0.24, 0.76), 0.08)
            for r in [0.22, 0.4, 0.58] { $0.arc(center: (0.24, 0.76), radius: r, from: 5, to: 85) }
        },
        "globe": {
            $0.shape(ellipse: (0.5, 0.5), radius: 0.42)
            $0.knockout {
                $0.shape(GlyphBuilder.ellipsePoints((0.5, 0.5), 0.17, 0.42))
                $0.line([(0.08, 0.5), (0.92, 0.5)]); $0.line([(0.15, 0.28), (0.85, 0.28)]); $0.line([(0.15, 0.72), (0.85, 0.72)])
            }
        },
        "network": {
            $0.shape(ellipse: (0.5, 0.2), radius: 0.11); $0.shape(ellipse: (0.2, 0.8), radius: 0.11); $0.shape(ellipse: (0.8, 0.8), radius: 0.11)
            $0.line([(0.5, 0.31), (0.5, 0.52)]); $0.line([(0.2, 0.69), (0.2, 0.52), (0.8, 0.52), (0.8, 0.69)])
        },
        "server.rack": {
            for y in [0.08, 0.38, 0.68] {
                $0.rect(0.08, y, 0.84, 0.24, radius: 0.05)
                $0.knockout { $0.dot((0.22, y + 0.12), 0.045); $0.line([(0.5, y + 0.12), (0.78, y + 0.12)]) }
            }
        },
        "cpu": {
            $0.rect(0.22, 0.22, 0.56, 0.56, radius: 0.06)
            $0.knockout { $0.rect(0.38, 0.38, 0.24, 0.24, radius: 0.03) }
            for p in [0.36, 0.5, 0.64] {
                $0.line([(p, 0.06), (p, 0.16)]); $0.line([(p, 0.84), (p, 0.94)]); $0.line([(0.06, p), (0.16, p)]); $0.line([(0.84, p), (0.94, p)])
            }
        },
        "externaldrive": {
            $0.rect(0.06, 0.3, 0.88, 0.4, radius: 0.1)
            $0.knockout { $0.dot((0.76, 0.5), 0.05); $0.line([(0.2, 0.5), (0.52, 0.5)]) }
        },
        "iphone": { $0.rect(0.26, 0.06, 0.48, 0.88, radius: 0.1); $0.knockout { $0.line([(0.44, 0.16), (0.56, 0.16)]) } },
        "ipad": { $0.rect(0.14, 0.08, 0.72, 0.84, radius: 0.08); $0.knockout { $0.dot((0.5, 0.84), 0.035) } },
        "applewatch": {
            $0.rect(0.24, 0.22, 0.52, 0.56, radius: 0.14)
            $0.line([(0.34, 0.22), (0.36, 0.06), (0.64, 0.06), (0.66, 0.22)]); $0.line([(0.34, 0.78), (0.36, 0.94), (0.64, 0.94), (0.66, 0.78)])
        },
        "desktopcomputer": {
            $0.rect(0.06, 0.12, 0.88, 0.58, radius: 0.06)
            $0.line([(0.42, 0.72), (0.4, 0.88)]); $0.line([(0.58, 0.72), (0.6, 0.88)]); $0.line([(0.3, 0.88), (0.7, 0.88)])
        },
        "laptopcomputer": { $0.rect(0.16, 0.18, 0.68, 0.52, radius: 0.05); $0.line([(0.04, 0.82), (0.96, 0.82)]) },
        "keyboard": { keyboard(&$0) },
        "keyboard.chevron.compact.down": {
            $0.inset(0, -0.1, 1) { keyboard(&$0) }
            $0.line([(0.38, 0.8), (0.5, 0.9), (0.62, 0.8)])
        },
        "printer": {
            $0.line([(0.28, 0.32), (0.28, 0.1), (0.72, 0.1), (0.72, 0.32)])
            $0.rect(0.06, 0.32, 0.88, 0.42, radius: 0.06)
            $0.rect(0.28, 0.6, 0.44, 0.32, radius: 0.02)
        },
        "qrcode": {
            for (x, y) in [(0.1, 0.1), (0.6, 0.1), (0.1, 0.6)] {
                $0.line(GlyphBuilder.roundedRect(x, y, 0.3, 0.3, radius: 0.03) + [(x, y + 0.03)]); $0.dot((x + 0.15, y + 0.15), 0.06)
            }
            for (x, y) in [(0.64, 0.64), (0.86, 0.64), (0.75, 0.75), (0.64, 0.86), (0.86, 0.86)] { $0.dot((x, y), 0.055) }
        },
        "battery.100percent": { $0.battery(level: 1) },
        "battery.75percent": { $0.battery(level: 0.75) },
        "battery.50percent": { $0.battery(level: 0.5) },
        "battery.25percent": { $0.battery(level: 0.25) },
        "battery.0percent": { $0.battery(level: 0) },
        "battery.100.bolt": { $0.battery(level: 1, bolt: true) },
        "sensor.tag.radiowaves.forward": {
            $0.rect(0.08, 0.3, 0.4, 0.4, radius: 0.12)
            for r in [0.2, 0.34] { $0.arc(center: (0.48, 0.5), radius: r, from: 50, to: 130) }
        },
    ]

    private static func keyboard(_ b: inout GlyphBuilder) {
        b.rect(0.04, 0.22, 0.92, 0.56, radius: 0.08)
        b.knockout {
            for y in [0.38, 0.52] { for k in 0..<5 { $0.dot((0.2 + 0.15 * Double(k), y), 0.04) } }
            $0.line([(0.32, 0.65), (0.68, 0.65)])
        }
    }
}
