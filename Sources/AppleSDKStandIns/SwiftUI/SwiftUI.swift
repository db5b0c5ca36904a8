// A Linux-only stand-in for the few SwiftUI declarations the embedding guide's SwiftUI
// sample calls, so CI type-checks it. Nothing here ever runs. Each declaration cites the
// Apple documentation page its signature was copied from.
@_exported import Foundation

/// Stand-in for `View` (`@MainActor @preconcurrency protocol View`).
/// Source: https://developer.apple.com/documentation/swiftui/view
@MainActor
public protocol View {
    /// The type of view representing the body.
    associatedtype Body: View
    /// `@ViewBuilder @MainActor var body: Self.Body { get }`
    /// Source: https://developer.apple.com/documentation/swiftui/view/body-8kl5o
    @ViewBuilder var body: Self.Body { get }
}

/// `Never` is a `View` (leaf views have no body).
/// Source: https://developer.apple.com/documentation/swiftui/view (Relationships: Never)
extension Never: View {
    /// Never called.
    public var body: Never { fatalError("SwiftUI stand-in: type-checking only") }
}

/// Stand-in for `ViewBuilder` (`@resultBuilder struct ViewBuilder`), single-view bodies only.
/// Source: https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
    /// `static func buildBlock<Content>(_ content: Content) -> Content where Content : View`
    /// Source: https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// `static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>`
    /// Source: https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }

    /// `static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>`
    /// Source: https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent() }

    /// `static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content : View`
    /// Source: https://developer.apple.com/documentation/swiftui/viewbuilder/buildlimitedavailability(_:)
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView() }
}

/// Stand-in for `_ConditionalContent` (`@frozen struct _ConditionalContent<TrueContent, FalseContent>`),
/// what `if`/`else` in a view builder gives.
/// Source: https://developer.apple.com/documentation/swiftui/_conditionalcontent
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    /// Never called.
    public var body: Never { fatalError("SwiftUI stand-in: type-checking only") }
}

/// Stand-in for `AnyView` (`@frozen struct AnyView`).
/// Source: https://developer.apple.com/documentation/swiftui/anyview
public struct AnyView: View {
    /// Never called.
    public var body: Never { fatalError("SwiftUI stand-in: type-checking only") }
}

/// Stand-in for `Text` (`@frozen struct Text`).
/// Source: https://developer.apple.com/documentation/swiftui/text
public struct Text: View {
    /// `init<S>(_ content: S) where S : StringProtocol`
    /// Source: https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    public init<S>(_ content: S) where S: StringProtocol {}
    /// Never called.
    public var body: Never { fatalError("SwiftUI stand-in: type-checking only") }
}

/// What the modifiers below return in the stand-in (`some View` in the SDK).
public struct ModifiedView<Content: View>: View {
    /// Never called.
    public var body: Never { fatalError("SwiftUI stand-in: type-checking only") }
}

extension View {
    /// `func onAppear(perform action: (() -> Void)? = nil) -> some View`
    /// Source: https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { ModifiedView<Self>() }

    /// `func onChange<V>(of value: V, perform action: @escaping (V) -> Void) -> some View where V : Equatable`
    /// (iOS 14.0+, deprecated in iOS 17.0 for `onChange(of:initial:_:)`).
    /// Source: https://developer.apple.com/documentation/swiftui/view/onchange(of:perform:)
    @available(
        iOS, introduced: 14.0, deprecated: 17.0,
        message: "Use `onChange` with a two or zero parameter action closure instead."
    )
    @available(macOS, introduced: 11.0, deprecated: 14.0)
    public func onChange<V>(of value: V, perform action: @escaping (V) -> Void) -> some View where V: Equatable {
        ModifiedView<Self>()
    }

    /// `func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View where V : Equatable`
    /// (iOS 17.0+).
    /// Source: https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg
    @available(iOS 17.0, macOS 14.0, *)
    public func onChange<V>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View where V: Equatable {
        ModifiedView<Self>()
    }
}

/// Stand-in for `ScenePhase` (`enum ScenePhase`, iOS 14.0+).
/// Source: https://developer.apple.com/documentation/swiftui/scenephase
@available(iOS 14.0, macOS 11.0, *)
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// The scene isn't currently visible in the UI.
    case background
    /// The scene is in the foreground but should pause its work.
    case inactive
    /// The scene is in the foreground and interactive.
    case active
}

/// Stand-in for `EnvironmentValues` (`struct EnvironmentValues`).
/// Source: https://developer.apple.com/documentation/swiftui/environmentvalues
public struct EnvironmentValues {
    /// `var scenePhase: ScenePhase { get set }` (iOS 14.0+).
    /// Source: https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase
    @available(iOS 14.0, macOS 11.0, *)
    public var scenePhase: ScenePhase {
        get { fatalError("SwiftUI stand-in: type-checking only") }
        set {}
    }
}

/// Stand-in for `Environment` (`@frozen @propertyWrapper struct Environment<Value>`).
/// Source: https://developer.apple.com/documentation/swiftui/environment
@propertyWrapper
public struct Environment<Value> {
    /// `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`
    /// Source: https://developer.apple.com/documentation/swiftui/environment/init(_:)-8slkf
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    /// `var wrappedValue: Value { get }`
    /// Source: https://developer.apple.com/documentation/swiftui/environment/wrappedvalue
    public var wrappedValue: Value { fatalError("SwiftUI stand-in: type-checking only") }
}
