/**
 * The evening's program: the pieces played at a Harmonia gathering, in order. All titles are
 * original Harmonia pieces. scripts/media/program.ts renders this same data into
 * public/media/images/program.png (and .svg), and pages build the image's text alternative
 * from it, so the picture and its description can never disagree.
 */
export interface ProgramSong {
  title: string;
  note?: string;
}

export interface ProgramSection {
  heading: string;
  /** One line describing what happens during this part of the evening. */
  description: string;
  songs: ProgramSong[];
}

export interface Program {
  title: string;
  subtitle: string;
  sections: ProgramSection[];
  closing: string;
}

export const program: Program = {
  title: "Tonight's Program",
  subtitle: "Original solo piano by Elena Marlow, played live by candlelight",
  sections: [
    {
      heading: "Arrival",
      description: "Settle in, find your mat and let the room grow quiet.",
      songs: [
        { title: "Lanterns on the Stair", note: "as guests arrive" },
        { title: "Candle Hours" },
        { title: "Jacaranda Window" },
        { title: "First Light on Linen" },
      ],
    },
    {
      heading: "Breath",
      description: "Guided breathing and gentle movement with Marcus.",
      songs: [
        { title: "Still Water", note: "with guided breath" },
        { title: "The Long Exhale" },
        { title: "Eucalyptus Hour", note: "candlelight yoga" },
        { title: "Soledad at Dusk" },
      ],
    },
    {
      heading: "Stillness",
      description: "Lie back, close your eyes and simply listen.",
      songs: [
        { title: "Slow Tide" },
        { title: "Salt Air Nocturne" },
        { title: "Ember and Hush", note: "closing meditation" },
      ],
    },
  ],
  closing: "Stay as long as you like after the last note.",
};

/** A plain-text rendering of the program, used as the full text alternative of its image. */
export function programAsText(p: Program = program): string {
  const lines = [p.title, p.subtitle];
  p.sections.forEach((section, i) => {
    lines.push(`${i + 1}. ${section.heading}: ${section.description}`);
    for (const song of section.songs) lines.push(song.note ? `${song.title} (${song.note})` : song.title);
  });
  lines.push(p.closing);
  return lines.join("\n");
}
