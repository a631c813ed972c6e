import Foundation
import WidgetIntents

// `Button` with both a role and an intent (iOS 17). The intent is what the widget performs; the role
// reaches a custom `ButtonStyle` as `configuration.role`, as on Apple's platforms.

extension Button {
    /// `Button(role:intent:label:)`.
    public init<I: AppIntent>(role: ButtonRole?, intent: I, @ViewBuilder label: () -> Label) {
        self.init(intent: intent, label: label)
        self.role = role
    }
}

extension Button where Label == Text {
    /// `Button(_:role:intent:)` with a title.
    public init<S: StringProtocol, I: AppIntent>(_ title: S, role: ButtonRole?, intent: I) {
        self.init(role: role, intent: intent) { Text(title) }
    }

    /// `Button(_:role:intent:)` with a localized title key.
    public init<I: AppIntent>(_ titleKey: LocalizedStringKey, role: ButtonRole?, intent: I) {
        self.init(role: role, intent: intent) { Text(titleKey) }
    }
}

extension Button where Label == WidgetUI.Label<Text, Image> {
    /// `Button(_:systemImage:role:intent:)`.
    public init<I: AppIntent>(_ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?, intent: I) {
        self.init(role: role, intent: intent) { WidgetUI.Label(titleKey, systemImage: systemImage) }
    }

    /// `Button(_:image:role:intent:)` with a catalog image resource.
    public init<S: StringProtocol, I: AppIntent>(_ title: S, image: ImageResource, role: ButtonRole? = nil, intent: I) {
        self.init(role: role, intent: intent) { WidgetUI.Label(title: { Text(title) }, icon: { Image(image) }) }
    }
}
