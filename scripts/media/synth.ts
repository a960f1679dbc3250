/**
 * A small additive piano synthesiser and a Freeverb-style reverb, in plain TypeScript.
 *
 * Each note is a sum of inharmonic partials (f_n = n f0 sqrt(1 + B n^2)) whose amplitudes
 * follow the hammer strike position and velocity, each with a two-stage exponential decay
 * (prompt sound + aftersound) and slight string detuning for the gentle beating of a real
 * unison. A short filtered-noise burst gives the hammer attack; when the key and the
 * sustain pedal are both up, the damper closes with a fast exponential release.
 * Everything is deterministic: the only randomness comes from a seeded PRNG.
 */
import { createRng } from "./palette";

export const SAMPLE_RATE = 44100;

export interface Note {
  /** Onset, seconds. */
  time: number;
  midi: number;
  /** 0..1 */
  velocity: number;
  /** How long the key is held, seconds. */
  duration: number;
}

export interface Score {
  notes: Note[];
  /** Moments when the sustain pedal is briefly lifted (pedal is otherwise down). */
  pedalLifts: number[];
  /** When the performance ends; the last sounds ring on into the fade-out after it. */
  end: number;
}

export interface StereoBuffer {
  left: Float32Array;
  right: Float32Array;
}

/** When the damper falls on a note: at the first pedal lift after the key is released. */
function damperRelease(keyUp: number, lifts: number[]): number {
  for (const t of lifts) if (t >= keyUp) return t;
  // after the last lift the pedal stays down: the final chord rings into the fade-out
  return Number.POSITIVE_INFINITY;
}

/** Renders one note additively into a mono Float64Array starting at the note onset. */
function renderNote(note: Note, releaseAfter: number, rng: () => number): Float64Array {
  const sr = SAMPLE_RATE;
  const m = note.midi;
  const v = Math.max(0.05, Math.min(1, note.velocity));
  const f0 = 440 * 2 ** ((m - 69) / 12);
  const B = m < 48 ? 2.5e-4 : 3.5e-4 * 2 ** ((m - 60) / 12);
  // Sustain time of the fundamental: long in the bass, short in the treble.
  const t60 = Math.max(1.4, 16 * 2 ** (-(m - 36) / 20));
  const dampTau = m >= 89 ? t60 / 6.9 : 0.11 + (m - 21) * 0.0012;
  const length = Math.min(t60 * 1.6, releaseAfter + dampTau * 7) + 0.05;
  const len = Math.max(1, Math.floor(length * sr));
  const out = new Float64Array(len);

  const maxPartials = Math.max(3, Math.min(22, Math.floor(9500 / f0)));
  const tilt = 2.1 - 1.0 * v; // softer playing is darker
  const strike = 1 / 7.6; // hammer position along the string
  const baseRate = 6.91 / t60;
  for (let k = 1; k <= maxPartials; k++) {
    const fk = k * f0 * Math.sqrt(1 + B * k * k);
    if (fk > 16000) break;
    let amp = (0.3 + 0.7 * Math.abs(Math.sin(Math.PI * k * strike))) / k ** tilt;
    amp *= Math.exp(-fk / 7000);
    const rate = baseRate * (1 + (k - 1) * 0.38 + (fk / 2500) ** 2);
    const fast = Math.exp(-(rate * 2.6) / sr);
    const slow = Math.exp(-(rate * 0.62) / sr);
    // strings of a unison, slightly detuned (beating); only low partials are worth it
    const strings = k <= 4 ? 2 : 1;
    // stop each partial once its slow (aftersound) component is ~100 dB down
    const partLen = Math.min(len, Math.ceil((Math.log((amp * 0.38) / 1e-5) / (rate * 0.62)) * sr));
    if (partLen <= 0) continue;
    for (let sIdx = 0; sIdx < strings; sIdx++) {
      const cents = strings === 1 ? 0 : (sIdx === 0 ? -1 : 1) * (0.35 + rng() * 0.6);
      const w = (2 * Math.PI * fk * 2 ** (cents / 1200)) / sr;
      const c = Math.cos(w);
      const s = Math.sin(w);
      const phase = rng() * 2 * Math.PI;
      let x = Math.cos(phase);
      let y = Math.sin(phase);
      let e1 = (amp * 0.62) / strings;
      let e2 = (amp * 0.38) / strings;
      for (let i = 0; i < partLen; i++) {
        const nx = x * c - y * s;
        y = x * s + y * c;
        x = nx;
        out[i] = (out[i] as number) + (e1 + e2) * y;
        e1 *= fast;
        e2 *= slow;
      }
    }
  }

  // hammer: a short burst of two-pole low-passed noise
  const noiseLen = Math.floor(0.05 * sr);
  const cutoff = Math.min(4000, Math.max(300, f0 * 3));
  const a = Math.exp((-2 * Math.PI * cutoff) / sr);
  let lp1 = 0;
  let lp2 = 0;
  const thump = 0.018 * v * v;
  for (let i = 0; i < noiseLen && i < len; i++) {
    const white = rng() * 2 - 1;
    lp1 = (1 - a) * white + a * lp1;
    lp2 = (1 - a) * lp1 + a * lp2;
    out[i] = (out[i] as number) + lp2 * thump * 6 * Math.exp(-i / (0.008 * sr));
  }

  // attack ramp (felt hammer), then damper release after the key/pedal let go
  const attack = 0.0025 * sr * (1.4 - v);
  const relStart = Math.floor(releaseAfter * sr);
  const relStep = Math.exp(-1 / (dampTau * sr));
  let rel = 1;
  for (let i = 0; i < len; i++) {
    const att = i < attack * 6 ? 1 - Math.exp(-i / attack) : 1;
    if (i >= relStart) rel *= relStep;
    out[i] = (out[i] as number) * att * rel * v;
  }
  // a short fade so truncating the (by now very quiet) tail never clicks
  const tailFade = Math.min(len, Math.floor(0.03 * sr));
  for (let i = 0; i < tailFade; i++) {
    const k = len - tailFade + i;
    out[k] = (out[k] as number) * (1 - (i + 1) / tailFade);
  }
  return out;
}

/** Renders a score to a dry stereo buffer (pan follows pitch, as heard from the bench). */
export function renderScore(score: Score, seed: number, tail: number): StereoBuffer {
  const rng = createRng(seed);
  const total = Math.ceil((score.end + tail) * SAMPLE_RATE);
  const left = new Float32Array(total);
  const right = new Float32Array(total);
  const lifts = [...score.pedalLifts].sort((x, y) => x - y);
  for (const note of score.notes) {
    const keyUp = note.time + note.duration;
    const release = damperRelease(keyUp, lifts) - note.time;
    const mono = renderNote(note, release, rng);
    const pan = Math.max(-0.65, Math.min(0.65, (note.midi - 62) / 34));
    const gl = Math.cos(((pan + 1) * Math.PI) / 4);
    const gr = Math.sin(((pan + 1) * Math.PI) / 4);
    const start = Math.floor(note.time * SAMPLE_RATE);
    const n = Math.min(mono.length, total - start);
    for (let i = 0; i < n; i++) {
      const sample = mono[i] as number;
      left[start + i] = (left[start + i] as number) + sample * gl;
      right[start + i] = (right[start + i] as number) + sample * gr;
    }
  }
  return { left, right };
}

/* ------------------------------------------------------------------ reverb */

class Comb {
  private readonly buf: Float32Array;
  private idx = 0;
  private store = 0;
  constructor(size: number, private readonly feedback: number, private readonly damp: number) {
    this.buf = new Float32Array(size);
  }
  process(input: number): number {
    const out = this.buf[this.idx] as number;
    this.store = out * (1 - this.damp) + this.store * this.damp;
    this.buf[this.idx] = input + this.store * this.feedback;
    if (++this.idx >= this.buf.length) this.idx = 0;
    return out;
  }
}

class Allpass {
  private readonly buf: Float32Array;
  private idx = 0;
  constructor(size: number) {
    this.buf = new Float32Array(size);
  }
  process(input: number): number {
    const bufOut = this.buf[this.idx] as number;
    this.buf[this.idx] = input + bufOut * 0.5;
    if (++this.idx >= this.buf.length) this.idx = 0;
    return bufOut - input;
  }
}

export interface ReverbOptions {
  /** 0..1, longer tail when higher. */
  room: number;
  /** 0..1, darker tail when higher. */
  damp: number;
  wet: number;
  dry: number;
  preDelayMs: number;
}

/** Freeverb: 8 parallel damped combs into 4 series allpasses per channel (Jezar's tunings). */
export function reverb(input: StereoBuffer, o: ReverbOptions): StereoBuffer {
  const combTunings = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
  const allpassTunings = [556, 441, 341, 225];
  const spread = 23;
  const feedback = o.room * 0.28 + 0.7;
  const damp = o.damp * 0.4;
  const make = (offset: number) => ({
    combs: combTunings.map((t) => new Comb(t + offset, feedback, damp)),
    allpasses: allpassTunings.map((t) => new Allpass(t + offset)),
  });
  const L = make(0);
  const R = make(spread);
  const len = input.left.length;
  const pre = Math.floor((o.preDelayMs / 1000) * SAMPLE_RATE);
  const left = new Float32Array(len);
  const right = new Float32Array(len);
  const gain = 0.015;
  for (let i = 0; i < len; i++) {
    const j = i - pre;
    const x = j >= 0 ? ((input.left[j] as number) + (input.right[j] as number)) * gain : 0;
    let wl = 0;
    let wr = 0;
    for (const c of L.combs) wl += c.process(x);
    for (const c of R.combs) wr += c.process(x);
    for (const a of L.allpasses) wl = a.process(wl);
    for (const a of R.allpasses) wr = a.process(wr);
    left[i] = (input.left[i] as number) * o.dry + wl * o.wet;
    right[i] = (input.right[i] as number) * o.dry + wr * o.wet;
  }
  return { left, right };
}

/* ------------------------------------------------------------- utilities */

/** Raised-cosine fade to silence over the last `seconds`, and a tiny fade-in. */
export function fadeEdges(buf: StereoBuffer, seconds: number): void {
  const len = buf.left.length;
  const fade = Math.floor(seconds * SAMPLE_RATE);
  for (let i = 0; i < fade; i++) {
    const g = 0.5 + 0.5 * Math.cos((Math.PI * (i + 1)) / fade);
    const k = len - fade + i;
    buf.left[k] = (buf.left[k] as number) * g;
    buf.right[k] = (buf.right[k] as number) * g;
  }
  const fin = Math.floor(0.005 * SAMPLE_RATE);
  for (let i = 0; i < fin; i++) {
    buf.left[i] = (buf.left[i] as number) * (i / fin);
    buf.right[i] = (buf.right[i] as number) * (i / fin);
  }
}

/** Scales so the highest sample peak sits at `peak` (linear). */
export function normalisePeak(buf: StereoBuffer, peak: number): void {
  let max = 1e-9;
  for (let i = 0; i < buf.left.length; i++) max = Math.max(max, Math.abs(buf.left[i] as number), Math.abs(buf.right[i] as number));
  const g = peak / max;
  for (let i = 0; i < buf.left.length; i++) {
    buf.left[i] = (buf.left[i] as number) * g;
    buf.right[i] = (buf.right[i] as number) * g;
  }
}

/** 32-bit float stereo WAV (WAVE_FORMAT_IEEE_FLOAT). */
export function encodeWavFloat(buf: StereoBuffer): Buffer {
  const frames = buf.left.length;
  const dataBytes = frames * 2 * 4;
  const out = Buffer.alloc(44 + dataBytes);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write("WAVE", 8, "ascii");
  out.write("fmt ", 12, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(3, 20); // IEEE float
  out.writeUInt16LE(2, 22); // channels
  out.writeUInt32LE(SAMPLE_RATE, 24);
  out.writeUInt32LE(SAMPLE_RATE * 8, 28); // byte rate
  out.writeUInt16LE(8, 32); // block align
  out.writeUInt16LE(32, 34); // bits per sample
  out.write("data", 36, "ascii");
  out.writeUInt32LE(dataBytes, 40);
  let o = 44;
  for (let i = 0; i < frames; i++) {
    out.writeFloatLE(buf.left[i] as number, o);
    out.writeFloatLE(buf.right[i] as number, o + 4);
    o += 8;
  }
  return out;
}

export function applyGain(buf: StereoBuffer, gain: number): void {
  for (let i = 0; i < buf.left.length; i++) {
    buf.left[i] = (buf.left[i] as number) * gain;
    buf.right[i] = (buf.right[i] as number) * gain;
  }
}

/**
 * A transparent look-ahead peak limiter: gain reduction ramps in over the look-ahead window
 * (so no sample exceeds `ceiling`) and recovers exponentially. Only the few hammer-attack
 * peaks are touched, by a few dB, which lets the quiet music reach its loudness target.
 * Returns the largest reduction applied, in dB.
 */
export function limit(buf: StereoBuffer, ceiling: number, lookaheadMs = 6, releaseMs = 180): number {
  const len = buf.left.length;
  const la = Math.max(1, Math.floor((lookaheadMs / 1000) * SAMPLE_RATE));
  const required = new Float32Array(len);
  for (let i = 0; i < len; i++) {
    const p = Math.max(Math.abs(buf.left[i] as number), Math.abs(buf.right[i] as number));
    required[i] = p > ceiling ? ceiling / p : 1;
  }
  // sliding minimum of the required gain over [i, i + la] (monotonic deque)
  const hold = new Float32Array(len);
  const dq = new Int32Array(len + la + 1);
  let head = 0;
  let tail = 0;
  for (let j = 0; j < len + la; j++) {
    if (j < len) {
      const v = required[j] as number;
      while (tail > head && (required[dq[tail - 1] as number] as number) >= v) tail--;
      dq[tail++] = j;
    }
    const i = j - la;
    if (i >= 0) {
      while ((dq[head] as number) < i) head++;
      hold[i] = required[dq[head] as number] as number;
    }
  }
  // causal moving average over la samples: the ramp completes exactly at each peak
  const rel = 1 - Math.exp(-1 / ((releaseMs / 1000) * SAMPLE_RATE));
  let sum = 0;
  let g = 1;
  let minGain = 1;
  for (let i = 0; i < len; i++) {
    sum += hold[i] as number;
    if (i >= la) sum -= hold[i - la] as number;
    const smooth = i >= la ? sum / la : Math.min(1, (sum + (la - 1 - i)) / la);
    g = Math.min(smooth, g + (1 - g) * rel);
    minGain = Math.min(minGain, g);
    buf.left[i] = (buf.left[i] as number) * g;
    buf.right[i] = (buf.right[i] as number) * g;
  }
  return -20 * Math.log10(minGain);
}

/** Second-order (RBJ) high-pass, in place: removes DC and sub-bass rumble below the piano. */
export function highPass(buf: StereoBuffer, cutoffHz: number, q = 0.7071): void {
  const w0 = (2 * Math.PI * cutoffHz) / SAMPLE_RATE;
  const alpha = Math.sin(w0) / (2 * q);
  const cos = Math.cos(w0);
  const a0 = 1 + alpha;
  const b0 = (1 + cos) / 2 / a0;
  const b1 = -(1 + cos) / a0;
  const b2 = b0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  for (const ch of [buf.left, buf.right]) {
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < ch.length; i++) {
      const x = ch[i] as number;
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      ch[i] = y;
    }
  }
}
