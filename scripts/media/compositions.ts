/**
 * The four member pieces, composed algorithmically (but deterministically) from hand-chosen
 * chord progressions. Each has its own key, tempo, metre and texture:
 *
 * - Still Water: C major, 60 bpm 4/4, rippling eighth-note arpeggios, pentatonic melody.
 * - Candle Hours: E-flat major, 54 bpm 3/4, rolled chords like a slow waltz, low melody.
 * - Soledad at Dusk: D major, 66 bpm 4/4, flowing wide arpeggios, singing high melody
 *   with octave doubling in the middle.
 * - Slow Tide: F major, 46 bpm 4/4, deep bass octaves, rising-and-receding triplet waves,
 *   sparse high bell tones.
 */
import { createRng, seedFrom } from "./palette";
import type { Note, ReverbOptions, Score } from "./synth";
import type { TrackSlug } from "#app/content/tracks";

interface Chord {
  /** Low bass note(s), struck on the downbeat. */
  bass: number[];
  /** Accompaniment tones, low to high. */
  tones: number[];
}

export interface Piece {
  score: Score;
  reverb: ReverbOptions;
  /** Seconds of reverb/decay rendered after `score.end`. */
  tail: number;
  seed: number;
}

class Writer {
  readonly notes: Note[] = [];
  readonly lifts: number[] = [];
  constructor(
    readonly rng: () => number,
    /** seconds per beat */
    readonly beat: number,
    readonly barBeats: number,
  ) {}

  barTime(bar: number): number {
    return bar * this.barBeats * this.beat;
  }

  /** Adds a note at bar + beat offset, humanised slightly in time and velocity. */
  play(bar: number, beatOffset: number, midi: number, velocity: number, beats: number, jitter = 0.012): void {
    const t = this.barTime(bar) + beatOffset * this.beat + (this.rng() - 0.5) * 2 * jitter;
    this.notes.push({
      time: Math.max(0, t),
      midi,
      velocity: Math.max(0.05, Math.min(1, velocity * (1 + (this.rng() - 0.5) * 0.12))),
      duration: Math.max(0.1, beats * this.beat),
    });
  }

  /** Lifts the sustain pedal just after the downbeat of a bar (clears the previous harmony). */
  pedalAt(bar: number): void {
    this.lifts.push(this.barTime(bar) + 0.04);
  }

  /** A chord spread upwards like a harp, starting at beat offset. */
  roll(bar: number, beatOffset: number, pitches: number[], velocity: number, beats: number, gap = 0.06): void {
    pitches.forEach((p, i) => this.play(bar, beatOffset + (i * gap) / this.beat, p, velocity * (i === 0 ? 1.1 : 1), beats, 0.004));
  }
}

/** Gentle swell over a piece: quieter at the edges, fuller in the middle. */
function arc(bar: number, bars: number): number {
  return 0.78 + 0.3 * Math.sin((Math.PI * (bar + 0.5)) / bars);
}

/** Picks the next melody pitch: near the previous one, within range, from allowed classes. */
function nextPitch(rng: () => number, prev: number, lo: number, hi: number, classes: number[], centre: number): number {
  const candidates: { p: number; w: number }[] = [];
  for (let p = lo; p <= hi; p++) {
    if (!classes.includes(((p % 12) + 12) % 12)) continue;
    const d = Math.abs(p - prev);
    let w = Math.exp(-d / 2.6) * Math.exp(-Math.abs(p - centre) / 9);
    if (d === 0) w *= 0.35;
    if (d > 7) w *= 0.3;
    candidates.push({ p, w });
  }
  const total = candidates.reduce((s, c) => s + c.w, 0);
  let r = rng() * total;
  for (const c of candidates) {
    r -= c.w;
    if (r <= 0) return c.p;
  }
  return candidates[candidates.length - 1]?.p ?? prev;
}

const pcs = (notes: number[]) => [...new Set(notes.map((p) => p % 12))];

interface MelodyOptions {
  fromBar: number;
  toBar: number;
  chords: Chord[];
  scale: number[];
  lo: number;
  hi: number;
  rhythms: [number, number][][];
  ending: [number, number][];
  velocity: number;
  start: number;
  /** Also play each note an octave lower in these bars. */
  doubleFrom?: number;
  doubleTo?: number;
}

/** A pentatonic melody with phrase endings every four bars; strong beats land on chord tones. */
function melody(w: Writer, totalBars: number, o: MelodyOptions): void {
  let prev = o.start;
  const centre = (o.lo + o.hi) / 2;
  for (let bar = o.fromBar; bar < o.toBar; bar++) {
    const chord = o.chords[bar % o.chords.length] as Chord;
    const chordClasses = pcs([...chord.bass, ...chord.tones]);
    const phraseEnd = (bar - o.fromBar) % 4 === 3 || bar === o.toBar - 1;
    const rhythm = phraseEnd ? o.ending : (o.rhythms[Math.floor(w.rng() * o.rhythms.length)] as [number, number][]);
    for (const [onset, dur] of rhythm) {
      const strong = onset === 0 || (w.barBeats === 4 && onset === 2);
      const allowed = strong || phraseEnd ? chordClasses.filter((c) => o.scale.includes(c) || strong) : o.scale;
      prev = nextPitch(w.rng, prev, o.lo, o.hi, allowed.length ? allowed : o.scale, centre);
      const v = o.velocity * arc(bar, totalBars) * (strong ? 1.06 : 0.94);
      w.play(bar, onset, prev, v, dur);
      if (o.doubleFrom !== undefined && o.doubleTo !== undefined && bar >= o.doubleFrom && bar < o.doubleTo) {
        w.play(bar, onset, prev - 12, v * 0.6, dur);
      }
    }
  }
}

/* ---------------------------------------------------------------- pieces */

function stillWater(): Piece {
  const seed = seedFrom("still-water");
  const w = new Writer(createRng(seed), 60 / 60, 4);
  const C: Chord = { bass: [36], tones: [48, 55, 59, 64] }; // Cmaj7
  const Am: Chord = { bass: [33], tones: [52, 55, 59, 60] }; // Am9
  const F: Chord = { bass: [41], tones: [48, 52, 57, 64] }; // Fmaj7
  const G: Chord = { bass: [43], tones: [50, 55, 59, 64] }; // G6
  const prog = [C, Am, F, G];
  const bars = 16;
  for (let bar = 0; bar < bars; bar++) {
    const ch = prog[bar % 4] as Chord;
    const a = arc(bar, bars);
    if (bar > 0) w.pedalAt(bar);
    for (const b of ch.bass) w.play(bar, 0, b, 0.38 * a, 4);
    const pattern: [number, number][] = [
      [0.5, 0],
      [1, 1],
      [1.5, 2],
      [2, 3],
      [3, 2],
      [3.5, 1],
    ];
    for (const [beat, idx] of pattern) w.play(bar, beat, ch.tones[idx] as number, (beat === 2 ? 0.36 : 0.3) * a, 0.5);
  }
  melody(w, bars, {
    fromBar: 4,
    toBar: 14,
    chords: prog,
    scale: [0, 2, 4, 7, 9],
    lo: 67,
    hi: 84,
    rhythms: [
      [[0, 2], [2, 2]],
      [[0, 3], [3, 1]],
      [[0, 1.5], [1.5, 0.5], [2, 2]],
      [[1, 1], [2, 2]],
    ],
    ending: [[0, 4]],
    velocity: 0.52,
    start: 76,
  });
  // two bars of high, bell-like chord tones, then the final chord
  w.play(14, 0, 88, 0.26, 2);
  w.play(14, 2, 84, 0.22, 2);
  w.play(15, 0, 86, 0.24, 4);
  w.pedalAt(16);
  w.roll(16, 0, [36, 43, 50, 55, 59, 64, 67, 74, 76], 0.4, 6, 0.09);
  return {
    score: { notes: w.notes, pedalLifts: w.lifts, end: w.barTime(16) + 6 },
    reverb: { room: 0.82, damp: 0.45, wet: 0.9, dry: 0.8, preDelayMs: 22 },
    tail: 5,
    seed,
  };
}

function candleHours(): Piece {
  const seed = seedFrom("candle-hours");
  const w = new Writer(createRng(seed), 60 / 54, 3);
  const Eb: Chord = { bass: [39], tones: [46, 55, 62, 65] }; // Ebmaj9
  const Cm: Chord = { bass: [36], tones: [43, 51, 58, 62] }; // Cm9
  const Ab: Chord = { bass: [44], tones: [51, 55, 60, 63] }; // Abmaj7
  const Bb: Chord = { bass: [46], tones: [53, 55, 60, 63] }; // Bb sus4 add6
  const prog = [Eb, Cm, Ab, Bb];
  const bars = 20;
  for (let bar = 0; bar < bars; bar++) {
    const ch = prog[bar % 4] as Chord;
    const a = arc(bar, bars);
    if (bar > 0) w.pedalAt(bar);
    w.roll(bar, 0, [...ch.bass, ...ch.tones], 0.34 * a, 3, 0.075);
    if (bar % 2 === 1) w.play(bar, 2, ch.tones[2] as number, 0.22 * a, 1);
  }
  melody(w, bars, {
    fromBar: 2,
    toBar: 18,
    chords: prog,
    scale: [3, 5, 7, 10, 0],
    lo: 63,
    hi: 79,
    rhythms: [
      [[1, 2]],
      [[0, 2], [2, 1]],
      [[1, 1], [2, 1]],
      [[0, 1.5], [1.5, 1.5]],
    ],
    ending: [[0, 3]],
    velocity: 0.5,
    start: 70,
  });
  w.pedalAt(20);
  w.roll(20, 0, [44, 51, 56, 60, 63, 72], 0.34, 3, 0.08); // Ab add9
  w.pedalAt(21);
  w.roll(21, 0, [39, 46, 53, 55, 58, 62, 67], 0.36, 6, 0.1); // Ebmaj9, held
  return {
    score: { notes: w.notes, pedalLifts: w.lifts, end: w.barTime(21) + 6.5 },
    reverb: { room: 0.86, damp: 0.55, wet: 0.95, dry: 0.8, preDelayMs: 28 },
    tail: 5,
    seed,
  };
}

function soledadDusk(): Piece {
  const seed = seedFrom("soledad-dusk");
  const w = new Writer(createRng(seed), 60 / 66, 4);
  const arps: Record<string, number[]> = {
    G: [43, 50, 54, 57, 59, 57, 54, 50], // Gmaj9
    DF: [42, 45, 50, 57, 61, 57, 50, 45], // Dmaj7/F#
    Em: [40, 47, 54, 55, 59, 55, 54, 47], // Em9
    A: [45, 52, 55, 57, 62, 57, 55, 52], // A7sus4
  };
  const chordOf = (k: string): Chord => {
    const notes = arps[k] as number[];
    return { bass: [notes[0] as number], tones: notes.slice(1) };
  };
  const order = ["G", "DF", "Em", "A"];
  const prog = order.map(chordOf);
  const bars = 18;
  for (let bar = 0; bar < bars; bar++) {
    const key = order[bar % 4] as string;
    const notes = arps[key] as number[];
    const a = arc(bar, bars);
    if (bar > 0) w.pedalAt(bar);
    notes.forEach((p, i) => w.play(bar, i * 0.5, p, (i === 0 ? 0.36 : i === 4 ? 0.32 : 0.27) * a, i === 0 ? 4 : 0.5));
  }
  melody(w, bars, {
    fromBar: 2,
    toBar: 16,
    chords: prog,
    scale: [2, 4, 6, 9, 11],
    lo: 71,
    hi: 88,
    rhythms: [
      [[0, 1], [1, 1], [2, 2]],
      [[0, 2], [2, 1], [3, 1]],
      [[0.5, 1.5], [2, 2]],
      [[0, 3], [3, 1]],
    ],
    ending: [[0, 4]],
    velocity: 0.5,
    start: 78,
    doubleFrom: 8,
    doubleTo: 13,
  });
  w.pedalAt(18);
  w.roll(18, 0, [38, 45, 50, 57, 61, 64, 66, 78], 0.36, 6, 0.09); // Dmaj9
  return {
    score: { notes: w.notes, pedalLifts: w.lifts, end: w.barTime(18) + 6.5 },
    reverb: { room: 0.78, damp: 0.4, wet: 0.8, dry: 0.82, preDelayMs: 18 },
    tail: 5,
    seed,
  };
}

function slowTide(): Piece {
  const seed = seedFrom("slow-tide");
  const w = new Writer(createRng(seed), 60 / 46, 4);
  const F: Chord = { bass: [29, 41], tones: [53, 57, 60, 64, 67, 69] }; // Fmaj9
  const Dm: Chord = { bass: [26, 38], tones: [50, 53, 57, 60, 64, 65] }; // Dm9
  const Bb: Chord = { bass: [34, 46], tones: [53, 57, 58, 60, 62, 65] }; // Bbmaj7 add9
  const C: Chord = { bass: [36, 48], tones: [55, 60, 62, 65, 69, 72] }; // C6 sus4
  const prog = [F, Dm, Bb, C];
  const bars = 12;
  const rng = w.rng;
  for (let bar = 0; bar < bars; bar++) {
    const ch = prog[bar % 4] as Chord;
    const a = arc(bar, bars);
    if (bar > 0) w.pedalAt(bar);
    w.play(bar, 0, ch.bass[0] as number, 0.34 * a, 4);
    w.play(bar, 0.02, ch.bass[1] as number, 0.28 * a, 4);
    // the wave rises in triplets over beats 1-3 and recedes
    ch.tones.forEach((p, i) => w.play(bar, 1 + i / 3, p, (0.22 + i * 0.025) * a, 0.4));
    w.play(bar, 3.1, ch.tones[3] as number, 0.22 * a, 0.5);
    w.play(bar, 3.6, ch.tones[1] as number, 0.19 * a, 0.5);
    // sparse bell tones high above
    if (bar >= 2 && bar < bars - 1) {
      const bell = [77, 79, 81, 84, 86, 89, 91, 93].filter((p) => pcs(ch.tones).includes(p % 12) || [5, 7, 9, 0, 2].includes(p % 12));
      const count = bar % 2 === 0 ? 2 : 1;
      for (let k = 0; k < count; k++) {
        const p = bell[Math.floor(rng() * bell.length)] as number;
        w.play(bar, k === 0 ? 0.5 : 2.5, p, 0.24 + rng() * 0.05, 1.5);
      }
    }
  }
  w.pedalAt(12);
  w.play(12, 0, 29, 0.4, 6);
  w.play(12, 0.02, 41, 0.3, 6);
  [53, 57, 60, 64, 67, 69, 72, 81].forEach((p, i) => w.play(12, 0.6 + i / 3, p, 0.2 + i * 0.02, 6));
  return {
    score: { notes: w.notes, pedalLifts: w.lifts, end: w.barTime(12) + 7 },
    reverb: { room: 0.9, damp: 0.55, wet: 1.0, dry: 0.78, preDelayMs: 30 },
    tail: 6,
    seed,
  };
}

export const pieces: Record<TrackSlug, () => Piece> = {
  "still-water": stillWater,
  "candle-hours": candleHours,
  "soledad-dusk": soledadDusk,
  "slow-tide": slowTide,
};
