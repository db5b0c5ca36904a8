/** A loaded policy: a checked bundle, indexed to decide with. Immutable; share it. */
import { readBundle } from "./policyBundle.js";
import type { BundleContent } from "./content.js";
import { PolicyIndex } from "./policyIndex.js";

/** A compiled policy loaded from a bundle, indexed to decide with. */
export class Policy {
  /** The policy's name (`policy:`). */
  readonly name: string;
  /** `sha256:<hex>` of the content: every decision made through `PolicyStore` cites it. */
  readonly hash: string;
  /** Seconds from `prepare-engine` until the engine is ready. */
  readonly warmup: number;
  /** The bundle's content, as data. */
  readonly content: BundleContent;
  /** @internal The indexed tables `Session` reads. */
  readonly index: PolicyIndex;

  private constructor(content: BundleContent, hash: string) {
    this.content = content;
    this.name = content.name;
    this.hash = hash;
    this.warmup = content.warmup;
    this.index = new PolicyIndex(content);
  }

  /** Loads a bundle (bytes or text); throws `BundleError` for anything but a good format 6 bundle. */
  static fromBundle(bundle: Uint8Array | string): Policy {
    const { content, hash } = readBundle(bundle);
    return new Policy(content, hash);
  }

  /** Screen names, in source order. */
  get screenNames(): readonly string[] { return this.index.screenNames; }
  /** Event names: the built-in state events, the setting events, then the catalogue. */
  get eventNames(): readonly string[] { return this.index.eventNames; }
  /** The run-time parameters' names. */
  get parameterNames(): readonly string[] { return this.index.parameterNames; }
  /** The user levels' names (`user-levels:`), empty when none. */
  get userLevelNames(): readonly string[] { return this.index.userLevels?.levels.map((l) => l.name) ?? []; }
  /** Whether the policy's patterns play sounds with the haptics. */
  get playsAudio(): boolean { return !this.content.hapticsOnly; }
}
