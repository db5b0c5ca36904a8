// The part of expo-modules-core's JavaScript API this package calls, for compiling here
// (no npm registry): an app gets the real declarations from the installed package.
// Checked against expo/expo:
// - packages/expo-modules-core/src/requireNativeModule.ts (`requireOptionalNativeModule`)
// - packages/expo-modules-core/src/ts-declarations/EventEmitter.ts (`EventSubscription`)
declare module "expo-modules-core" {
  /** A subscription object that allows to conveniently remove an event listener from the emitter. */
  export type EventSubscription = {
    /** Removes an event listener for which the subscription has been created. */
    remove(): void;
  };

  /** The native module registered with the given name, or `null` when it cannot be found. */
  export function requireOptionalNativeModule<ModuleType = any>(moduleName: string): ModuleType | null;
}
