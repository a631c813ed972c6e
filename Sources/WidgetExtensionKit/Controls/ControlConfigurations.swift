import Foundation
import WidgetArchive
import WidgetIntents
import WidgetUI

/// `ControlValueProvider`: a control's value. `previewValue` is what the controls gallery shows and
/// must be quick; `currentValue()` is asked for each time the host loads the control.
public protocol ControlValueProvider {
    associatedtype Value
    var previewValue: Value { get }
    func currentValue() async throws -> Value
}

/// `AppIntentControlValueProvider`: the value of a control configured by an intent.
public protocol AppIntentControlValueProvider {
    associatedtype Value
    associatedtype Configuration: ControlConfigurationIntent
    func previewValue(configuration: Configuration) -> Value
    func currentValue(configuration: Configuration) async throws -> Value
}

/// `StaticControlConfiguration`: a control nobody configures.
public struct StaticControlConfiguration<Content: ControlWidgetTemplate>: ControlWidgetConfiguration {
    public typealias Body = Never
    let kind: String
    let makeTemplate: (TimelineArchiveRequest) async throws -> Content

    /// A control whose template needs no value.
    public init(kind: String, @ControlWidgetTemplateBuilder content: @escaping () -> Content) {
        self.kind = kind
        self.makeTemplate = { _ in content() }
    }

    public init<Provider: ControlValueProvider>(
        kind: String, provider: Provider, @ControlWidgetTemplateBuilder content: @escaping (Provider.Value) -> Content
    ) {
        self.kind = kind
        let box = ProviderBox(provider)
        self.makeTemplate = { request in
            content(request.context.isPreview ? box.provider.previewValue : try await box.provider.currentValue())
        }
    }

    public var body: Never { preconditionFailure("StaticControlConfiguration is primitive") }

    public func _resolveControls() -> [_ResolvedWidget] {
        [ControlArchiver.resolved(kind: kind, flags: [], makeTemplate: makeTemplate)]
    }
}

/// `AppIntentControlConfiguration`: a control configured by an intent. The host sends the
/// configuration's parameters with each request, as for an intent-configured widget.
public struct AppIntentControlConfiguration<Configuration: ControlConfigurationIntent, Content: ControlWidgetTemplate>: ControlWidgetConfiguration {
    public typealias Body = Never
    let kind: String
    let makeTemplate: (TimelineArchiveRequest) async throws -> Content

    public init<Provider: AppIntentControlValueProvider>(
        kind: String, provider: Provider, @ControlWidgetTemplateBuilder content: @escaping (Provider.Value) -> Content
    ) where Configuration == Provider.Configuration {
        self.kind = kind
        let box = ProviderBox(provider)
        self.makeTemplate = { request in
            let configuration = try await Self.configuration(request.configuration)
            return content(request.context.isPreview
                ? box.provider.previewValue(configuration: configuration)
                : try await box.provider.currentValue(configuration: configuration))
        }
    }

    /// A control whose template is made from its configuration alone.
    public init(kind: String, intent: Configuration.Type = Configuration.self,
                @ControlWidgetTemplateBuilder content: @escaping (Configuration) -> Content) {
        self.kind = kind
        self.makeTemplate = { request in content(try await Self.configuration(request.configuration)) }
    }

    /// The configuration intent: its defaults when none was sent.
    private static func configuration(_ bytes: [UInt8]) async throws -> Configuration {
        bytes.isEmpty ? Configuration() : try await IntentParameterCodec.decode(Configuration.self, from: bytes)
    }

    public var body: Never { preconditionFailure("AppIntentControlConfiguration is primitive") }

    public func _resolveControls() -> [_ResolvedWidget] {
        var control = ControlArchiver.resolved(kind: kind, flags: [.intentConfigurable], makeTemplate: makeTemplate)
        control.controlConfiguration = { bytes in try await Self.configuration(bytes) }
        return [control]
    }
}
