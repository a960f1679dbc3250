/**
 * Renders the four member pieces (compositions.ts) with the synthesiser (synth.ts) to
 * 44.1 kHz float WAV in a temp dir, normalises loudness to about -18 LUFS (measured with
 * ffmpeg's EBU R128 meter; linear gain plus a gentle look-ahead peak limiter), encodes VBR
 * MP3 into media/audio/, and verifies the results with sox and ffmpeg: no clipping (sample
 * peak below -1 dBFS), no long silences, sensible loudness, length and size.
 */
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pieces } from "./compositions";
import { exec } from "./exec";
import { applyGain, encodeWavFloat, fadeEdges, highPass, limit, normalisePeak, renderScore, reverb, SAMPLE_RATE } from "./synth";
import { tracks } from "#app/content/tracks";

const TARGET_LUFS = -18;
const MAX_BYTES = 1.5 * 1024 * 1024;

export interface AudioReport {
  file: string;
  title: string;
  seconds: number;
  bytes: number;
  lufs: number;
  peakDb: number;
  soxPeakDb: number;
  soxRmsDb: number;
}

/** Integrated loudness (EBU R128 / ITU-R BS.1770) measured by ffmpeg's ebur128 filter. */
async function measureLufs(file: string): Promise<number> {
  const { stderr } = await exec("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-af", "ebur128=framelog=verbose", "-f", "null", "-"]);
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  return Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1] ?? NaN);
}

async function soxStats(file: string): Promise<{ peak: number; rms: number }> {
  const { stderr } = await exec("sox", [file, "-n", "stats"]);
  const value = (label: string) => {
    const line = stderr.split("\n").find((l) => l.startsWith(label));
    return Number(line?.trim().split(/\s+/)[3] ?? NaN);
  };
  return { peak: value("Pk lev dB"), rms: value("RMS lev dB") };
}

/** Decodes the MP3 with ffmpeg and measures peak, loudness, duration and silences. */
async function inspectMp3(file: string): Promise<{ peakDb: number; lufs: number; seconds: number; silences: [number, number][] }> {
  const { stderr } = await exec("ffmpeg", [
    "-hide_banner", "-nostats", "-i", file,
    "-af", "volumedetect,silencedetect=noise=-55dB:d=2,ebur128=framelog=verbose", "-f", "null", "-",
  ]);
  const peakDb = Number(/max_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? NaN);
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1] ?? NaN);
  const dur = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
  const seconds = dur ? Number(dur[1]) * 3600 + Number(dur[2]) * 60 + Number(dur[3]) : NaN;
  const starts = [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((x) => Number(x[1]));
  const ends = [...stderr.matchAll(/silence_end: (-?[\d.]+)/g)].map((x) => Number(x[1]));
  const silences = starts.map((s, i): [number, number] => [s, ends[i] ?? seconds]);
  return { peakDb, lufs, seconds, silences };
}

export async function generateAudio(audioDir: string, tmpDir: string, log: (msg: string) => void = () => {}): Promise<AudioReport[]> {
  await mkdir(audioDir, { recursive: true });
  await mkdir(tmpDir, { recursive: true });
  const reports: AudioReport[] = [];
  for (const track of tracks) {
    const started = performance.now();
    const piece = pieces[track.slug]();
    const dry = renderScore(piece.score, piece.seed, piece.tail);
    const wet = reverb(dry, piece.reverb);
    highPass(wet, 40);
    fadeEdges(wet, 3.5);
    normalisePeak(wet, 0.5);
    const raw = path.join(tmpDir, `${track.slug}.wav`);
    const norm = path.join(tmpDir, `${track.slug}-norm.wav`);
    const mp3 = path.join(audioDir, `${track.slug}.mp3`);
    await writeFile(raw, encodeWavFloat(wet));

    // Loudness normalisation = one linear gain to the target, plus a look-ahead limiter that
    // shaves the rare hammer peaks so the sample peak stays well below full scale. If the
    // encoded file misses the targets, correct the gain / lower the ceiling and redo.
    let gainDb = TARGET_LUFS - (await measureLufs(raw));
    let ceilingDb = -2.5;
    let bytes = 0;
    let info = { peakDb: 0, lufs: 0, seconds: 0, silences: [] as [number, number][] };
    let sox = { peak: 0, rms: 0 };
    let reduction = 0;
    for (let attempt = 0; attempt < 4; attempt++) {
      const out = { left: wet.left.slice(), right: wet.right.slice() };
      applyGain(out, 10 ** (gainDb / 20));
      reduction = limit(out, 10 ** (ceilingDb / 20));
      await writeFile(norm, encodeWavFloat(out));
      sox = await soxStats(norm);
      await exec("ffmpeg", [
        "-y", "-v", "error", "-i", norm,
        "-c:a", "libmp3lame", "-q:a", "5", "-ac", "2", "-ar", String(SAMPLE_RATE),
        "-map_metadata", "-1", "-metadata", `title=${track.title}`, "-metadata", "artist=Harmonia",
        "-metadata", "album=Harmonia Live Piano Meditation", "-id3v2_version", "3", "-fflags", "+bitexact", mp3,
      ]);
      bytes = (await stat(mp3)).size;
      info = await inspectMp3(mp3);
      const loudOk = Math.abs(info.lufs - TARGET_LUFS) <= 0.5;
      const peakOk = info.peakDb < -1.2;
      if (loudOk && peakOk) break;
      if (!loudOk) gainDb += TARGET_LUFS - info.lufs;
      if (!peakOk) ceilingDb -= 1;
    }

    const problems: string[] = [];
    if (!(info.peakDb < -1)) problems.push(`peak ${info.peakDb} dBFS is not below -1 dBFS`);
    if (!(info.seconds >= 60 && info.seconds <= 90)) problems.push(`duration ${info.seconds.toFixed(1)} s is outside 60-90 s`);
    if (bytes >= MAX_BYTES) problems.push(`file is ${bytes} bytes (limit ${MAX_BYTES})`);
    if (Math.abs(info.lufs - TARGET_LUFS) > 1.5) problems.push(`loudness ${info.lufs} LUFS is far from ${TARGET_LUFS}`);
    // the natural fade at the very end may dip below the threshold; nothing else may
    const gaps = info.silences.filter(([s]) => s < info.seconds - 4);
    if (gaps.length) problems.push(`silence at ${gaps.map(([s, e]) => `${s.toFixed(1)}-${e.toFixed(1)} s`).join(", ")}`);
    if (problems.length) throw new Error(`${track.slug}.mp3 failed checks: ${problems.join("; ")}`);

    log(
      `  ${track.slug}.mp3  ${info.seconds.toFixed(1)} s  ${(bytes / 1024).toFixed(0)} KB  ${info.lufs} LUFS  ` +
        `peak ${info.peakDb} dBFS, limiter ${reduction.toFixed(1)} dB (sox: pk ${sox.peak} dB, rms ${sox.rms} dB)  [${((performance.now() - started) / 1000).toFixed(1)} s]`,
    );
    reports.push({ file: mp3, title: track.title, seconds: info.seconds, bytes, lufs: info.lufs, peakDb: info.peakDb, soxPeakDb: sox.peak, soxRmsDb: sox.rms });
  }
  return reports;
}
