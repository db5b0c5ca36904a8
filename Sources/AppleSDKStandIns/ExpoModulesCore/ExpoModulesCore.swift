// A Linux-only stand-in for the few `ExpoModulesCore` declarations that the Expo module's
// iOS half (Web/expo/ios/HapticPolicyModule.swift) calls, so CI on Linux type-checks that
// file. Nothing here ever runs: bodies do nothing. Each declaration cites the file of
// expo/expo (packages/expo-modules-core/ios/...) its signature was copied from; what the
// module does not call (dynamic types, JSI values, the definitions' internals) is left
// out, and generic parameters keep the names and constraints of the real ones. Add a
// declaration here only together with the code that calls it.
@_exported import Foundation

/// Stand-in for `AnyArgument`, the protocol of argument types.
/// Source: packages/expo-modules-core/ios/Core/Arguments/AnyArgument.swift
/// (`public protocol AnyArgument`; its `getDynamicType()` requirement has a default
/// there and is not called by the module, so it is left out).
public protocol AnyArgument {}

// Source: packages/expo-modules-core/ios/Core/Arguments/AnyArgument.swift (the
// conformances of the primitive types the module takes).
extension Bool: AnyArgument {}
extension Int: AnyArgument {}
extension Double: AnyArgument {}
extension String: AnyArgument {}
extension Optional: AnyArgument where Wrapped: AnyArgument {}
extension Dictionary: AnyArgument where Key: Hashable {}
extension Array: AnyArgument {}

/// Stand-in for `AnyDefinition`, what a module's definition is made of.
/// Source: packages/expo-modules-core/ios/Core/Protocols/AnyDefinition.swift
/// (`public protocol AnyDefinition: ~Copyable`; its `definitionClassification` has a
/// default there).
public protocol AnyDefinition {}

/// Stand-in for `ModuleDefinition` (`public final class ModuleDefinition: ObjectDefinition`).
/// Source: packages/expo-modules-core/ios/Core/Modules/ModuleDefinition.swift
public final class ModuleDefinition: AnyDefinition {
    /// `override init(definitions: [AnyDefinition])` (called by the result builder).
    /// Source: packages/expo-modules-core/ios/Core/Modules/ModuleDefinition.swift
    init(definitions: [AnyDefinition]) {}
}

/// Stand-in for `EventsDefinition` (`public struct EventsDefinition: AnyDefinition`).
/// Source: packages/expo-modules-core/ios/Core/Modules/ModuleDefinition.swift
public struct EventsDefinition: AnyDefinition {
    let names: [String]
}

/// Stand-in for the result builder of `definition()`.
/// Source: packages/expo-modules-core/ios/Core/Modules/ModuleDefinitionBuilder.swift
/// (`@resultBuilder public struct ModuleDefinitionBuilder`).
@resultBuilder
public struct ModuleDefinitionBuilder {
    /// `public static func buildBlock(_ definitions: AnyDefinition...) -> ModuleDefinition`
    public static func buildBlock(_ definitions: AnyDefinition...) -> ModuleDefinition {
        ModuleDefinition(definitions: definitions)
    }
}

/// Stand-in for `AppContext` (`public final class AppContext`), the module's host.
/// Source: packages/expo-modules-core/ios/Core/AppContext.swift (nothing of it is called).
public final class AppContext {}

/// Stand-in for `AnyModule`, what every module is.
/// Source: packages/expo-modules-core/ios/Core/Protocols/AnyModule.swift
/// (`public protocol AnyModule: AnyObject, AnyArgument`; the `_`-prefixed
/// framework-internal requirements have defaults there and are left out).
public protocol AnyModule: AnyObject, AnyArgument {
    /// `init(appContext: AppContext)`
    init(appContext: AppContext)

    /// `@ModuleDefinitionBuilder func definition() -> ModuleDefinition`
    @ModuleDefinitionBuilder
    func definition() -> ModuleDefinition
}

/// Stand-in for `BaseModule` (`open class BaseModule`), the class a module subclasses.
/// Source: packages/expo-modules-core/ios/Core/Modules/Module.swift
open class BaseModule {
    /// `public private(set) weak var appContext: AppContext?`
    public private(set) weak var appContext: AppContext?

    /// `required public init(appContext: AppContext)`
    required public init(appContext: AppContext) {
        self.appContext = appContext
    }

    /// `public func sendEvent(_ eventName: String, _ body: [String: Any?] = [:])`
    public func sendEvent(_ eventName: String, _ body: [String: Any?] = [:]) {}
}

/// Stand-in for `Module` (`public typealias Module = AnyModule & BaseModule`).
/// Source: packages/expo-modules-core/ios/Core/Modules/Module.swift
public typealias Module = AnyModule & BaseModule

/// Stand-in for `Exception` (`open class Exception: CodedError, ChainableException,
/// CustomStringConvertible, CustomDebugStringConvertible, @unchecked Sendable`), the error
/// a function throws to reject with a message.
/// Source: packages/expo-modules-core/ios/Core/Exceptions/Exception.swift
open class Exception: Error, CustomStringConvertible, @unchecked Sendable {
    /// `open lazy var name: String`
    open lazy var name: String = String(describing: Self.self)
    /// `open lazy var description: String`
    open lazy var description: String = ""

    /// `public init(name: String, description: String, code: String? = nil, file: String = #fileID,
    /// line: UInt = #line, function: String = #function)`
    public init(
        name: String, description: String, code: String? = nil, file: String = #fileID, line: UInt = #line,
        function: String = #function
    ) {
        self.name = name
        self.description = description
    }
}

/// Stand-in for `SyncFunctionDefinition` (`public final class SyncFunctionDefinition<Args,
/// FirstArgType, ReturnType>: AnySyncFunctionDefinition, @unchecked Sendable`).
/// Source: packages/expo-modules-core/ios/Core/Functions/SyncFunctionDefinition.swift
public final class SyncFunctionDefinition<Args, FirstArgType, ReturnType>: AnyDefinition, @unchecked Sendable {
    init(_ body: @escaping (Args) throws -> ReturnType) {}
}

/// Stand-in for `AsyncFunctionDefinition` (`public class AsyncFunctionDefinition<Args,
/// FirstArgType, ReturnType>: AnyAsyncFunctionDefinition, @unchecked Sendable`).
/// Source: packages/expo-modules-core/ios/Core/Functions/AsyncFunctionDefinition.swift
public class AsyncFunctionDefinition<Args, FirstArgType, ReturnType>: AnyDefinition, @unchecked Sendable {
    init(_ body: @escaping (Args) throws -> ReturnType) {}

    /// `public func runOnQueue(_ queue: DispatchQueue?) -> Self`
    /// Source: packages/expo-modules-core/ios/Core/Functions/AsyncFunctionDefinition.swift
    public func runOnQueue(_ queue: DispatchQueue?) -> Self { self }
}

/// Stand-in for `EventListener`, a lifecycle listener's definition.
/// Source: packages/expo-modules-core/ios/Core/EventListener.swift
struct EventListener: AnyDefinition {}

/// `public func Name(_ name: String) -> AnyDefinition`
/// Source: packages/expo-modules-core/ios/Api/Factories/ModuleFactories.swift
// swift-format-ignore: AlwaysUseLowerCamelCase
public func Name(_ name: String) -> AnyDefinition { EventsDefinition(names: []) }

/// `public func Events(_ names: String...) -> EventsDefinition`
/// Source: packages/expo-modules-core/ios/Api/Factories/ObjectFactories.swift
// swift-format-ignore: AlwaysUseLowerCamelCase
public func Events(_ names: String...) -> EventsDefinition { EventsDefinition(names: names) }

/// `public func Function<R>(_ name: String, @_implicitSelfCapture _ closure: @escaping () throws -> R)
/// -> SyncFunctionDefinition<(), Void, R>`
/// Source: packages/expo-modules-core/ios/Api/Factories/SyncFunctionFactories.swift
// swift-format-ignore: AlwaysUseLowerCamelCase
public func Function<R>(
    _ name: String, @_implicitSelfCapture _ closure: @escaping () throws -> R
) -> SyncFunctionDefinition<(), Void, R> {
    SyncFunctionDefinition { (_: ()) in try closure() }
}

/// `public func Function<R, A0: AnyArgument>(_ name: String, @_implicitSelfCapture _ closure:
/// @escaping (A0) throws -> R) -> SyncFunctionDefinition<(A0), A0, R>`
/// Source: packages/expo-modules-core/ios/Api/Factories/SyncFunctionFactories.swift
// swift-format-ignore: AlwaysUseLowerCamelCase
public func Function<R, A0: AnyArgument>(
    _ name: String, @_implicitSelfCapture _ closure: @escaping (A0) throws -> R
) -> SyncFunctionDefinition<(A0), A0, R> {
    SyncFunctionDefinition(closure)
}

/// `public func AsyncFunction<R, A0: AnyArgument, each A: AnyArgument>(_ name: String,
/// @_implicitSelfCapture _ closure: @escaping (A0, repeat each A) throws -> R)
/// -> AsyncFunctionDefinition<(A0, repeat each A), A0, R>`
/// Source: packages/expo-modules-core/ios/Api/Factories/AsyncFunctionFactories.swift
// swift-format-ignore: AlwaysUseLowerCamelCase
public func AsyncFunction<R, A0: AnyArgument, each A: AnyArgument>(
    _ name: String, @_implicitSelfCapture _ closure: @escaping (A0, repeat each A) throws -> R
) -> AsyncFunctionDefinition<(A0, repeat each A), A0, R> {
    AsyncFunctionDefinition { (_: (A0, repeat each A)) in fatalError("a stand-in never runs") }
}

/// `public func OnCreate(@_implicitSelfCapture _ closure: @escaping () -> Void) -> AnyDefinition`
/// Source: packages/expo-modules-core/ios/Api/Factories/EventListenersFactories.swift
// swift-format-ignore: AlwaysUseLowerCamelCase
public func OnCreate(@_implicitSelfCapture _ closure: @escaping () -> Void) -> AnyDefinition { EventListener() }

/// `public func OnDestroy(@_implicitSelfCapture _ closure: @escaping () -> Void) -> AnyDefinition`
/// Source: packages/expo-modules-core/ios/Api/Factories/EventListenersFactories.swift
// swift-format-ignore: AlwaysUseLowerCamelCase
public func OnDestroy(@_implicitSelfCapture _ closure: @escaping () -> Void) -> AnyDefinition { EventListener() }

/// `public func OnAppEntersForeground(@_implicitSelfCapture _ closure: @escaping () -> Void) -> AnyDefinition`
/// Source: packages/expo-modules-core/ios/Api/Factories/EventListenersFactories.swift
// swift-format-ignore: AlwaysUseLowerCamelCase
public func OnAppEntersForeground(@_implicitSelfCapture _ closure: @escaping () -> Void) -> AnyDefinition {
    EventListener()
}

/// `public func OnAppEntersBackground(@_implicitSelfCapture _ closure: @escaping () -> Void) -> AnyDefinition`
/// Source: packages/expo-modules-core/ios/Api/Factories/EventListenersFactories.swift
// swift-format-ignore: AlwaysUseLowerCamelCase
public func OnAppEntersBackground(@_implicitSelfCapture _ closure: @escaping () -> Void) -> AnyDefinition {
    EventListener()
}
