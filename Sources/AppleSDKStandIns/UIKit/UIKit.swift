// A Linux-only stand-in for the few UIKit declarations that `HapticPolicyPlayer`'s UIKit
// output and the embedding guide's samples call, so CI on Linux type-checks that code.
// Nothing here ever runs: bodies do nothing or trap. Each declaration cites the Apple
// documentation page its signature was copied from. Add a declaration here only together
// with the code that calls it.
@_exported import Foundation

/// Stand-in for `UIFeedbackGenerator` (`@MainActor class UIFeedbackGenerator`).
/// Source: https://developer.apple.com/documentation/uikit/uifeedbackgenerator
/// Availability as on the page cited above (iOS 10.0+, Mac Catalyst 13.1+; no tvOS,
/// visionOS, watchOS or macOS).
@available(iOS 10.0, macCatalyst 13.1, *)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
@available(macOS, unavailable)
@MainActor
open class UIFeedbackGenerator {
    /// Generators are created by the concrete subclasses.
    init() {}

    /// `func prepare()`
    /// Source: https://developer.apple.com/documentation/uikit/uifeedbackgenerator/prepare()
    open func prepare() {}
}

/// Stand-in for `UIImpactFeedbackGenerator` (`@MainActor class UIImpactFeedbackGenerator`).
/// Source: https://developer.apple.com/documentation/uikit/uiimpactfeedbackgenerator
/// Availability as on the page cited above (iOS 10.0+, Mac Catalyst 13.1+; no tvOS,
/// visionOS, watchOS or macOS).
@available(iOS 10.0, macCatalyst 13.1, *)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
@available(macOS, unavailable)
@MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// `enum FeedbackStyle`.
    /// Source: https://developer.apple.com/documentation/uikit/uiimpactfeedbackgenerator/feedbackstyle
    public enum FeedbackStyle: Int, Sendable {
        /// A collision between small, light user interface elements.
        case light = 0
        /// A collision between moderately sized user interface elements.
        case medium = 1
        /// A collision between large, heavy user interface elements.
        case heavy = 2
        /// A collision between user interface elements that are soft.
        case soft = 3
        /// A collision between user interface elements that are rigid.
        case rigid = 4
    }

    /// `init(style: UIImpactFeedbackGenerator.FeedbackStyle)`
    /// Source: https://developer.apple.com/documentation/uikit/uiimpactfeedbackgenerator/init(style:)
    public init(style: UIImpactFeedbackGenerator.FeedbackStyle) {}

    /// `func impactOccurred()`
    /// Source: https://developer.apple.com/documentation/uikit/uiimpactfeedbackgenerator/impactoccurred()
    open func impactOccurred() {}

    /// `func impactOccurred(intensity: CGFloat)` (iOS 13+).
    /// Source: https://developer.apple.com/documentation/uikit/uiimpactfeedbackgenerator/impactoccurred(intensity:)
    open func impactOccurred(intensity: CGFloat) {}
}

/// Stand-in for `UISelectionFeedbackGenerator` (`@MainActor class UISelectionFeedbackGenerator`).
/// Source: https://developer.apple.com/documentation/uikit/uiselectionfeedbackgenerator
/// Availability as on the page cited above (iOS 10.0+, Mac Catalyst 13.1+; no tvOS,
/// visionOS, watchOS or macOS).
@available(iOS 10.0, macCatalyst 13.1, *)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
@available(macOS, unavailable)
@MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    /// `init()`
    /// Source: https://developer.apple.com/documentation/uikit/uiselectionfeedbackgenerator
    public override init() {}

    /// `func selectionChanged()`
    /// Source: https://developer.apple.com/documentation/uikit/uiselectionfeedbackgenerator/selectionchanged()
    open func selectionChanged() {}
}

/// Stand-in for `UINotificationFeedbackGenerator` (`@MainActor class UINotificationFeedbackGenerator`).
/// Source: https://developer.apple.com/documentation/uikit/uinotificationfeedbackgenerator
/// Availability as on the page cited above (iOS 10.0+, Mac Catalyst 13.1+; no tvOS,
/// visionOS, watchOS or macOS).
@available(iOS 10.0, macCatalyst 13.1, *)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
@available(watchOS, unavailable)
@available(macOS, unavailable)
@MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// `enum FeedbackType`.
    /// Source: https://developer.apple.com/documentation/uikit/uinotificationfeedbackgenerator/feedbacktype
    public enum FeedbackType: Int, Sendable {
        /// A task completed successfully.
        case success = 0
        /// A task produced a warning.
        case warning = 1
        /// A task failed.
        case error = 2
    }

    /// `init()`
    /// Source: https://developer.apple.com/documentation/uikit/uinotificationfeedbackgenerator
    public override init() {}

    /// `func notificationOccurred(_ notificationType: UINotificationFeedbackGenerator.FeedbackType)`
    /// Source: https://developer.apple.com/documentation/uikit/uinotificationfeedbackgenerator/notificationoccurred(_:)
    open func notificationOccurred(_ notificationType: UINotificationFeedbackGenerator.FeedbackType) {}
}
