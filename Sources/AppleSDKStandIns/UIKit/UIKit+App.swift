// App-side UIKit and Foundation declarations the embedding guide's samples call (see
// UIKit.swift for the rules of this stand-in).

/// Stand-in for `UIResponder` (`@MainActor class UIResponder`).
/// Source: https://developer.apple.com/documentation/uikit/uiresponder
@MainActor
open class UIResponder {
    /// Responders are created by their subclasses.
    init() {}
}

/// Stand-in for `UIViewController` (`@MainActor class UIViewController : UIResponder`).
/// Source: https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
open class UIViewController: UIResponder {
    /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`
    /// Source: https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    /// `init?(coder: NSCoder)`
    /// Source: https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) {}

    /// `func viewDidAppear(_ animated: Bool)`
    /// Source: https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:)
    open func viewDidAppear(_ animated: Bool) {}

    /// `func viewWillDisappear(_ animated: Bool)`
    /// Source: https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwilldisappear(_:)
    open func viewWillDisappear(_ animated: Bool) {}
}

/// Stand-in for `UIApplication` (only its notification names are used).
/// Source: https://developer.apple.com/documentation/uikit/uiapplication
@MainActor
open class UIApplication: UIResponder {
    /// `nonisolated class let didEnterBackgroundNotification: NSNotification.Name`
    /// Source: https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification")

    /// `nonisolated class let willEnterForegroundNotification: NSNotification.Name`
    /// Source: https://developer.apple.com/documentation/uikit/uiapplication/willenterforegroundnotification
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification")
}

// Foundation on Apple platforms has these; swift-corelibs-foundation does not.

extension ProcessInfo {
    /// `var isLowPowerModeEnabled: Bool { get }`
    /// Source: https://developer.apple.com/documentation/foundation/processinfo/islowpowermodeenabled
    public var isLowPowerModeEnabled: Bool { false }
}

extension NSNotification.Name {
    /// `static let NSProcessInfoPowerStateDidChange: NSNotification.Name`
    /// Source: https://developer.apple.com/documentation/foundation/nsnotification/name-swift.struct/nsprocessinfopowerstatedidchange
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let NSProcessInfoPowerStateDidChange = NSNotification.Name(
        "NSProcessInfoPowerStateDidChangeNotification")
}
