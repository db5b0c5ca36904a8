/**
 * The run-time parameters of a session (`parameters:`) and the band edges they move
 * (Sources/HapticPolicy/Evaluation/Session/ParameterState.swift): each parameter's value,
 * its default until its setting event sets it, and the current edges of the parametric
 * bands (each band's from its `edgeBase`).
 */
import { numberText, roundHalfAway } from "./numberText.js";
import type { CompiledBand, PolicyIndex } from "./policyIndex.js";

export class ParameterState {
  /** The value of each parameter, in declaration order. */
  readonly values: number[];
  /** The current edges of the parametric bands. */
  readonly bandEdges: number[] = [];
  /** By parameter, the parametric bands an edge of which reads it (`decide.parameterBands`). */
  private readonly moves: readonly (readonly number[])[];

  constructor(private readonly p: PolicyIndex) {
    this.values = p.parameters.map((x) => x.defaultValue);
    this.moves = p.parameterBands;
    if (p.parametricEdgeCount > 0) {
      this.bandEdges = new Array<number>(p.parametricEdgeCount).fill(0);
      for (const b of p.parametricBands) {
        const band = p.bands[b];
        for (let i = 0; i < band.edgeCode.length; i++) this.bandEdges[band.edgeBase + i] = band.edges[i];
      }
      this.updateBandEdges();
    }
  }

  /** The edges a sample of `band` is placed by: `edges` from `base`, `count` of them. */
  edgesOf(band: CompiledBand): { edges: readonly number[]; base: number; count: number } {
    return band.isParametric
      ? { edges: this.bandEdges, base: band.edgeBase, count: band.edgeCode.length }
      : { edges: band.edges, base: 0, count: band.edges.length };
  }

  /** Evaluates the parametric edges at the current values (an edge that is not finite keeps its value). */
  updateBandEdges(): void {
    for (const b of this.p.parametricBands) {
      const band = this.p.bands[b];
      band.edgeCode.forEach((code, i) => {
        const value = code(this.values);
        if (Number.isFinite(value)) this.bandEdges[band.edgeBase + i] = value;
      });
    }
  }

  /** Sets parameter `index` to `value` (in range); the note of the setting event: the value, and the edges it moved. */
  set(index: number, value: number): string {
    this.values[index] = value;
    let note = `${this.p.parameters[index].name} is now ${numberText(value)}`;
    if (this.p.parametricBands.length > 0) {
      this.updateBandEdges();
      note += this.edgesNote(index);
    }
    return note;
  }

  private edgesNote(index: number): string {
    let out = "";
    for (const b of this.moves[index]) {
      const band = this.p.bands[b];
      const texts = this.bandEdges.slice(band.edgeBase, band.edgeBase + band.edgeCode.length).map((x) => numberText(roundHalfAway(x * 1e6) / 1e6));
      out += `; band '${band.name}' edges now ` + texts.join(", ");
    }
    return out;
  }

  /** Takes over the values of `previous` (a hot reload, `old` its policy's index) for the parameters of the same name still in range. */
  carryOver(previous: ParameterState, old: PolicyIndex): void {
    this.p.parameters.forEach((parameter, i) => {
      const o = old.parameterNames.indexOf(parameter.name);
      if (o < 0) return;
      const value = previous.values[o];
      if (value >= parameter.min && value <= parameter.max) this.values[i] = value;
    });
    if (this.p.parametricEdgeCount > 0) this.updateBandEdges();
  }
}
